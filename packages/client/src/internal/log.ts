import { invalid, PREFIX } from "./fail";
import { readEnv } from "./runtime";

/** How much the SDK logs: `"off"`, or the least severe level written. */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** A console-like destination for log lines. */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/** Writes one line at a level; lines below the configured level cost one comparison. */
export type Log = (level: Exclude<LogLevel, "off">, message: string) => void;

const RANK = { off: 0, error: 1, warn: 2, info: 3, debug: 4 };

/** The client's log function: `logLevel`, else `PETSTORE_LOG`, else `"warn"`, written to `logger` (default `console`). */
export function createLog(level: LogLevel | undefined, logger: Logger | undefined): Log & { debugging: boolean } {
  const chosen = level ?? (readEnv("PETSTORE_LOG") as LogLevel | undefined) ?? "warn";
  const max = Object.hasOwn(RANK, chosen)
    ? RANK[chosen]
    : invalid("PETSTORE_LOG", `one of "${Object.keys(RANK).join('", "')}"`, chosen);
  const log = (at: Exclude<LogLevel, "off">, message: string) => {
    if (RANK[at] <= max) (logger ?? console)[at](PREFIX + message);
  };
  return Object.assign(log, { debugging: max >= RANK.debug });
}
