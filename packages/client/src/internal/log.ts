import { invalid } from "./fail";

/** How much the SDK logs: `"off"`, or the least severe level written. */
export type LogLevel = "off" | "error" | "warn" | "info" | "debug";

/** A console-like destination for log lines. */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/**
 * Writes one line at a level; lines below the configured level cost one comparison. A function message is made only
 * when the line is written (debug lines, on every attempt).
 */
export type Log = (level: Exclude<LogLevel, "off">, message: string | (() => string)) => void;

/** The log levels, least verbose first: a level's index is its rank. */
export const LOG_LEVELS: readonly LogLevel[] = ["off", "error", "warn", "info", "debug"];

/** The rank of a log level, or a TypeError naming where the level came from (`logLevel`, `PETSTORE_LOG`). */
export function logRank(name: string, level: unknown): number {
  const rank = LOG_LEVELS.indexOf(level as LogLevel);
  return rank < 0 ? invalid(name, `one of ${JSON.stringify(LOG_LEVELS)}`, level) : rank;
}
