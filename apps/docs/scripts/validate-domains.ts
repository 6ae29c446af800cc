// `pnpm --filter @petstore/docs check:domains [--config <file>]`: validates a domains config (by default domains.json) against
// domains.schema.json and the redirect rules. It reads the same file `pnpm docs:domains check` would: `--config`, then
// DOCS_DOMAINS_CONFIG, then apps/docs/domains.json.
import { parseArgs } from "node:util";
import { domainsConfigPath, loadDomainsConfig, primaryDomain } from "../src/domains/config";

const usage = `Usage: pnpm --filter @petstore/docs check:domains [--config <file>]

Validates a domains config against domains.schema.json and the redirect rules. Exits 1 when it is invalid.

Options (environment variable in brackets):
  --config <file>  domains config  [DOCS_DOMAINS_CONFIG]  default: apps/docs/domains.json
File paths are relative to the directory you run the command in.`;

/** A command line that cannot be run as given: the message is followed by the usage. */
class UsageError extends Error {}

function parse(argv: string[]) {
  try {
    // pnpm forwards the `--` of `pnpm --filter @petstore/docs check:domains -- --config x` verbatim.
    return parseArgs({
      args: argv[0] === "--" ? argv.slice(1) : argv,
      options: { config: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    // Node's message adds advice on `--` that does not apply here; its first sentence says what is wrong.
    throw new UsageError(`[@petstore/docs] ${(error as Error).message.split(". ")[0]}`);
  }
}

async function main(argv: string[]): Promise<number> {
  const { values } = parse(argv);
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (values.config === "")
    throw new UsageError("[@petstore/docs] --config is empty; give the path of a domains config");
  const { path, shown } = domainsConfigPath(values.config);
  const config = await loadDomainsConfig(path, shown);
  console.log(
    `[@petstore/docs] ${shown} is valid: primary ${primaryDomain(config)}, ${config.redirects.length} redirect(s).`,
  );
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Every expected failure is an Error with a sentence for the user; a stack trace would only hide it.
  console.error(error instanceof Error ? error.message : String(error));
  if (error instanceof UsageError) console.error(`\n${usage}`);
  process.exitCode = error instanceof UsageError ? 2 : 1;
}
