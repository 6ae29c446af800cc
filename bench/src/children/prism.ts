// Child process: Prism 5.14 mocking the contract with its default options (as `pnpm mock:prism` runs it).
// Prism is spawned from here so it inherits this process's core; its request log goes to /dev/null.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { announcePort } from "../internal/child-server";
import { freePort } from "../internal/free-port";

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");
const contract = require.resolve("@petstore/contract/openapi.yaml");
const port = await freePort();
const prism = spawn(process.execPath, [cli, "mock", "-h", "127.0.0.1", "-p", String(port), contract], {
  stdio: ["ignore", "ignore", "inherit"],
});
prism.once("exit", (code) => {
  console.error(`[@petstore/bench] Prism exited with code ${code}`);
  process.exit(1);
});
process.on("SIGTERM", () => {
  prism.removeAllListeners("exit");
  prism.once("exit", () => process.exit(0));
  prism.kill("SIGTERM");
});

// Prism prints its port only after parsing the document; polling the port we chose avoids parsing its log.
for (let waited = 0; ; waited += 100) {
  const listening = await fetch(`http://127.0.0.1:${port}/pets`).then(
    () => true,
    () => false,
  );
  if (listening) break;
  if (waited > 60_000) throw new Error("[@petstore/bench] Prism did not listen within 60 s");
  await sleep(100);
}
announcePort(port);
