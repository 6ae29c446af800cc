// `pnpm docs:build`: builds the static API reference and SDK guide into apps/docs/dist/.
import { buildSite, describeBuild } from "../src/site/build";

try {
  console.log(describeBuild(await buildSite()));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
