#!/usr/bin/env node
// `petstore-mock serve`: the package's bin. It prints the base URL on stdout (one line, for scripts) and what it
// serves on stderr, and serves until SIGINT or SIGTERM. A bad command line is one line on stderr and exit status 2.
import { createRequire } from "node:module";
import { startPetstoreMockServer } from "@petstore/mock/http";
import { HELP, parseCommand, UsageError } from "./args";

const NAME = "petstore-mock";

function version(): string {
  return (createRequire(import.meta.url)("@petstore/mock/package.json") as { version: string }).version;
}

/** The message of an error from the mock, without its prefix and the function it names. */
const plain = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(
    /^\[@petstore\/mock\] (startPetstoreMockServer: )?/,
    "",
  );

async function main(argv: readonly string[]): Promise<number> {
  let command: ReturnType<typeof parseCommand>;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${NAME}: ${error.message} (see ${NAME} --help)`);
    return 2;
  }
  if (command.kind !== "serve") {
    console.log(command.kind === "help" ? HELP : version());
    return 0;
  }

  let server: Awaited<ReturnType<typeof startPetstoreMockServer>>;
  try {
    server = await startPetstoreMockServer(command.options);
  } catch (error) {
    // A bad seed pet or option value is the command line's fault; a busy port is not.
    const usage = error instanceof TypeError || error instanceof RangeError;
    console.error(`${NAME}: ${plain(error)}`);
    return usage ? 2 : 1;
  }
  // Handlers before the first line of output: a signal sent as soon as it appears must not find the default (kill).
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGINT", stop).once("SIGTERM", stop);
  console.log(server.baseUrl);
  console.error(
    `${NAME}: serving the Petstore API at ${server.baseUrl}, its control API at ${server.controlUrl}; Ctrl-C stops it`,
  );
  return -1;
}

main(process.argv.slice(2)).then(
  (status) => {
    if (status >= 0) process.exitCode = status;
  },
  (error: unknown) => {
    console.error(`${NAME}: ${plain(error)}`);
    process.exitCode = 1;
  },
);
