// `pnpm mock:prism [--dynamic]`: starts Prism on the contract and prints the base URL to give the SDK, until Ctrl-C.
import { parseArgs } from "node:util";
import { startPrism } from "../src/prism/index";

const usage = `Usage: pnpm mock:prism [--dynamic]

Starts Prism on the Petstore contract and prints the base URL to give the SDK; Ctrl-C stops it.
  --dynamic  serve random bodies generated from the schemas instead of the contract's examples
  --help     print this help
Environment: PORT, the port to listen on (default 4010; 0 picks a free one).`;

/** A bad command line or environment: one line for the user, printed without a stack trace. */
class InputError extends Error {
  constructor(
    message: string,
    readonly withUsage = false,
  ) {
    super(message);
  }
}

/** Reads the command line (a leading `--`, as `pnpm mock:prism -- --dynamic` forwards it, is dropped) and PORT. */
function parseInput(argv: string[], env: NodeJS.ProcessEnv): { help: boolean; dynamic: boolean; port: number } {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv[0] === "--" ? argv.slice(1) : argv,
      options: { dynamic: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
    }));
  } catch (error) {
    // Node's message adds advice on `--` that does not apply here; its first sentence says what is wrong.
    throw new InputError(`[@petstore/mock] ${(error as Error).message.split(". ")[0]}`, true);
  }
  const text = env.PORT ?? "";
  const port = text === "" ? 4010 : Number(text);
  if (!/^\d+$/.test(text === "" ? "4010" : text) || port > 65_535) {
    throw new InputError(
      `[@petstore/mock] PORT must be a port number from 0 to 65535 (0 picks a free one), got ${JSON.stringify(text)}: set PORT to a free port, or unset it for 4010`,
    );
  }
  return { help: values.help, dynamic: values.dynamic, port };
}

try {
  const { help, dynamic, port } = parseInput(process.argv.slice(2), process.env);
  if (help) {
    console.log(usage);
    process.exit(0);
  }
  const prism = await startPrism({ port, dynamic });
  // Handlers before the first line of output: a signal sent as soon as it appears must not find the default (kill).
  const shutdown = () => void prism.stop().then(() => process.exit(0));
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
  console.log(`[@petstore/mock] Prism is mocking the Petstore contract at ${prism.baseUrl}`);
  console.log(
    `[@petstore/mock] Use it from the SDK: createPetstoreClient({ apiKey: "any-key", baseUrl: "${prism.baseUrl}" })`,
  );
  const answers = dynamic
    ? "answers are random bodies valid against the contract's schemas"
    : "answers come from the contract's examples";
  console.log(`[@petstore/mock] Paths live at the root (no /v1); any bearer token works; ${answers}. Ctrl-C stops it.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  if (error instanceof InputError && error.withUsage) console.error(`\n${usage}`);
  process.exit(1);
}
