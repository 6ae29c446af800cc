import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import type { Pet } from "@petstore/contract";
import { DEFAULT_JOURNAL_SIZE, generatePets } from "@petstore/mock";
import type { StartPetstoreMockServerOptions } from "@petstore/mock/http";

/** A command line the CLI refuses: one line saying why, and exit status 2. */
export class UsageError extends Error {}

/** `petstore-mock --help`: every option, with its default. */
export const HELP = `Usage: petstore-mock serve [options]

Serves the Petstore API mock (@petstore/mock) over HTTP until SIGINT or SIGTERM, printing its base URL.
Its control API (reset, seed, clock, scenarios, overrides, journal) is under /__petstore/.

Options:
  --port <n>              port to listen on; 0 picks a free one (default: 4010)
  --host <address>        interface to listen on (default: 127.0.0.1)
  --pets <file|count>     seed pets: a JSON file holding an array of Pets, or a number of generated pets
                          (default: none)
  --seed <n>              seed of the generated pets: the same seed gives the same pets; without --pets,
                          20 of them (default: 1; no effect with a pets file)
  --api-key <key>         an accepted API key; repeat it for several (default: any bearer token)
  --control-token <token> require this token (Authorization: Bearer <token>) on the control API and accept
                          it from any address (default: none; loopback clients only)
  --latency <ms>          delay before every answer (default: 0)
  --journal-size <n>      requests the journal keeps, the newest; 0 keeps none (default: ${DEFAULT_JOURNAL_SIZE})
  -h, --help              print this help
  -v, --version           print the version`;

const OPTIONS = {
  port: { type: "string" },
  host: { type: "string" },
  pets: { type: "string" },
  seed: { type: "string" },
  "api-key": { type: "string", multiple: true },
  "control-token": { type: "string" },
  latency: { type: "string" },
  "journal-size": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

/** What the command line asks for. */
export type Command =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "serve"; options: StartPetstoreMockServerOptions };

function wholeNumber(name: string, text: string | undefined, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) > max)
    throw new UsageError(`--${name} must be a whole number from 0 to ${max}, got ${JSON.stringify(text)}`);
  return Number(text);
}

function petsFromFile(path: string): Pet[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`--pets ${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let pets: unknown;
  try {
    pets = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--pets ${path}: not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(pets)) throw new UsageError(`--pets ${path}: must hold a JSON array of Pets`);
  return pets as Pet[];
}

/** Parses `argv` (without `node` and the script); throws UsageError for anything it cannot take. */
export function parseCommand(argv: readonly string[]): Command {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's messages are long and name its own API; keep the part that names the option.
    const first = (error as Error).message.split("\n")[0]!.split(". ")[0]!.replace(/\.$/, "");
    throw new UsageError(first.charAt(0).toLowerCase() + first.slice(1));
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  if (positionals.length === 0) throw new UsageError("missing command: petstore-mock serve [options]");
  if (positionals[0] !== "serve" || positionals.length > 1)
    throw new UsageError(`unknown command ${JSON.stringify(positionals.join(" "))}: use petstore-mock serve [options]`);

  const seed = wholeNumber("seed", values.seed);
  let pets: Pet[] | undefined;
  if (values.pets !== undefined) {
    pets = /^\d+$/.test(values.pets)
      ? generatePets(wholeNumber("pets", values.pets, 1_000_000)!, { seed: seed ?? 1 })
      : petsFromFile(values.pets);
  } else if (seed !== undefined) pets = generatePets(20, { seed });
  const options: StartPetstoreMockServerOptions = {
    port: wholeNumber("port", values.port ?? "4010", 65_535),
    host: values.host ?? "127.0.0.1",
  };
  if (values.host !== undefined && values.host.trim() === "") throw new UsageError("--host must not be empty");
  if (pets !== undefined) options.pets = pets;
  if (values["api-key"] !== undefined) options.apiKeys = values["api-key"];
  if (values["control-token"] !== undefined) options.controlToken = values["control-token"];
  const latency = wholeNumber("latency", values.latency, 2_147_483_647);
  if (latency !== undefined) options.latency = latency;
  const journalSize = wholeNumber("journal-size", values["journal-size"]);
  if (journalSize !== undefined) options.journalSize = journalSize;
  return { kind: "serve", options };
}
