// `pnpm docs:dev`: builds the site, then serves apps/docs/dist/ on 127.0.0.1 (PORT, default 4300) and prints the URL.
import { buildSite, describeBuild } from "../src/site/build";
import { serveStatic } from "../src/site/serve";

const port = Number(process.env.PORT ?? 4300);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`[@petstore/docs] PORT must be an integer from 0 to 65535, got "${process.env.PORT}".`);
  process.exit(1);
}
try {
  const result = await buildSite();
  console.log(describeBuild(result));
  const { url, close } = await serveStatic(result.outDir, port);
  // Handlers before the first line of output: a signal sent as soon as it appears must not find the default (kill).
  const stop = () => void close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  console.log(`[@petstore/docs] API reference: ${url}`);
  console.log(`[@petstore/docs] SDK guide:     ${url}guide/`);
  console.log("[@petstore/docs] press Ctrl+C to stop; run it again after editing the contract or the guide.");
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(
    code === "EADDRINUSE"
      ? `[@petstore/docs] port ${port} is in use; choose another with PORT=4301 pnpm docs:dev`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
}
