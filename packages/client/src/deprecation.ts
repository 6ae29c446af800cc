import { PREFIX } from "./internal/fail";
import type { Log } from "./internal/log";
import { nodeProcess, warnedInProcess } from "./internal/runtime";

/** A deprecation the SDK noticed, from the contract or from a response's `Deprecation`/`Sunset` headers. */
export interface DeprecationInfo {
  /** The SDK method or request, e.g. `pets.get()` or `GET /pets/{petId}`. */
  operation: string;
  /** `"contract"` when the SDK's contract marks the operation deprecated, `"headers"` when a response said so. */
  source: "contract" | "headers";
  /** When the operation was deprecated, when known. */
  deprecatedAt?: Date | undefined;
  /** When the operation will be removed, when known. */
  sunset?: Date | undefined;
  /** What to use instead, when known. */
  replacement?: string | undefined;
  /** Documentation of the deprecation (`Link rel="deprecation"`), when known. */
  link?: string | undefined;
  /** When the server's `Sunset` differs from this SDK's contract: the contract's date. */
  contractSunset?: Date | undefined;
  /** The full warning text, naming only the facts that are known. */
  message: string;
}

/** A deprecation before its message is written. */
export type Facts = Omit<DeprecationInfo, "message">;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Builds the warning text; a missing fact is left out rather than printed as "undefined". */
export function deprecationMessage({
  operation,
  deprecatedAt,
  sunset,
  replacement,
  link,
  contractSunset,
}: Facts): string {
  return `${PREFIX}${operation} is deprecated${deprecatedAt ? ` since ${day(deprecatedAt)}` : ""}${sunset ? `, removal ${day(sunset)}` : ""}${
    contractSunset ? ` (server's Sunset; contract: ${day(contractSunset)})` : ""
  }.${replacement ? ` Use ${replacement}.` : ""}${link ? ` See ${link}` : ""}`;
}

/**
 * Parses `@<epoch seconds>` (RFC 9745) or an HTTP date, as `Headers` gives it (trimmed); anything else (the old `true`,
 * a bare number) gives undefined.
 */
export function parseDeprecationDate(value: string | null | undefined): Date | undefined {
  const text = value ?? "";
  // A bare number is no date, though `new Date("1")` reads it as the year 2001: it becomes `new Date("")`, invalid.
  const date = new Date(/^@-?\d+$/.test(text) ? +text.slice(1) * 1000 : /^-?\d*$/.test(text) ? "" : text);
  return Number.isNaN(+date) ? undefined : date;
}

/** The URL of the first `Link` entry whose `rel` includes `deprecation`. */
export function deprecationLink(header: string | null): string | undefined {
  // An entry's parameters run to the next comma outside a quoted string (`title="a, b"`). Both patterns step over a
  // quoted string whole, so text inside one (`title="<x>; rel=deprecation"`) is never read as an entry or a `rel`; a URL
  // stops at the next `<`, so an unclosed one cannot make a long header take quadratic time.
  for (const [, url, params] of (header ?? "").matchAll(/<([^<>]*)>(([^,"]|"[^"]*")*)/g)) {
    // `rel` holds space-separated relation types, quoted or not; `deprecation` must be a whole one.
    if (/^([^"]|"[^"]*")*?;\s*rel\s*=\s*"?([^";]*\s)?deprecation(?=[\s";]|$)/i.test(params!)) return url;
  }
}

/** Returns a function that reports each operation's deprecation once, through `onDeprecation` or the default warning. */
export function deprecationReporter(
  onDeprecation: ((info: DeprecationInfo) => void) | false | undefined,
  log: Log,
): (facts: Facts) => void {
  // Default warnings are once per process (across the builds); a custom handler gets its own once-per-client record.
  const warned = onDeprecation ? new Set<string>() : warnedInProcess;
  return (facts) => {
    // Once per operation and removal date, so a server announcing a date other than the contract's is reported too.
    const key = `${facts.operation}${+facts.sunset!}`;
    if (onDeprecation === false || warned.has(key)) return;
    warned.add(key);
    const message = deprecationMessage(facts);
    const process = nodeProcess();
    if (onDeprecation) {
      // A failing handler must not fail the call: the service may already have acted on it (a created pet).
      try {
        onDeprecation({ ...facts, message });
      } catch (error) {
        log("error", `onDeprecation threw (${String(error)}); the call went on.`);
      }
    } else if (process?.emitWarning) process.emitWarning(message, "DeprecationWarning");
    else console.warn(message);
  };
}
