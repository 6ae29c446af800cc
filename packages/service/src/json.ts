import { requestLimits } from "@petstore/contract";
import { RuleError } from "./errors";
import { messages } from "./messages";

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** The index of the quote that closes the JSON string whose opening quote is at `start` (text.length if none). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i;
  }
  return text.length;
}

/**
 * How deeply `text` nests arrays and objects, counting no further than `limit + 1`: one linear pass over the
 * characters (strings skipped), so a 1 MiB body of half a million `[` costs a few milliseconds and never recurses.
 */
export function nestingDepth(text: string, limit: number = requestLimits.jsonDepth): number {
  return scan(text, limit, false).depth;
}

// secure-json-parse's test for the keys that could reach a prototype (also written with \u escapes).
const PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;
const CONSTRUCTOR =
  /"(?:c|\\u0063)(?:o|\\u006[Ff])(?:n|\\u006[Ee])(?:s|\\u0073)(?:t|\\u0074)(?:r|\\u0072)(?:u|\\u0075)(?:c|\\u0063)(?:t|\\u0074)(?:o|\\u006[Ff])(?:r|\\u0072)"\s*:/;

function hasForbiddenKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (!Array.isArray(node)) {
      if (Object.hasOwn(node, "__proto__")) return true;
      const ctor = (node as Record<string, unknown>).constructor;
      if (
        Object.hasOwn(node, "constructor") &&
        ctor !== null &&
        typeof ctor === "object" &&
        Object.hasOwn(ctor, "prototype")
      )
        return true;
    }
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

const NUMBER = /-?(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?/y;

/** True when a JSON number literal's decimal value has no fractional part (`1.0`, `25e-1`… no; `2.50e1` yes). */
function isIntegral(whole: string, fraction: string, exponent: number): boolean {
  const digits = whole + fraction;
  const point = whole.length + exponent;
  for (let i = Math.max(point, 0); i < digits.length; i++) if (digits.charCodeAt(i) !== 0x30) return false;
  return true;
}

/**
 * One pass over `text` (strings skipped): how deeply it nests arrays and objects (stopping just past `limit`), and,
 * when `keepFractions` is set, `text` with every number literal that has a fraction but that a double would round to
 * an integer (such as `9007199254740990.6`, parsed as 9007199254740991) replaced by `0.5`: the value stays a
 * non-integer, so an integer field holding it is refused by validation instead of being stored rounded. Other
 * literals are left as they are.
 */
function scan(text: string, limit: number, keepFractions: boolean): { depth: number; text: string } {
  let depth = 0;
  let deepest = 0;
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > limit) return { depth: deepest, text };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (keepFractions && (c === 0x2d || (c >= 0x30 && c <= 0x39))) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) continue;
      const [literal, whole = "", fraction = "", exponent] = match;
      if (
        (fraction !== "" || exponent !== undefined) &&
        Number.isInteger(Number(literal)) &&
        !isIntegral(whole, fraction, Number(exponent ?? 0))
      ) {
        out += `${text.slice(from, i)}0.5`;
        from = i + literal.length;
      }
      i += literal.length - 1;
    }
  }
  return { depth: deepest, text: from === 0 ? text : out + text.slice(from) };
}

// Fatal: a byte sequence that is not UTF-8 is refused, not replaced by U+FFFD. A byte-order mark is kept as sent,
// and is not JSON (RFC 8259 §8.1), whatever the host.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Parses a JSON body's bytes as the service does: bytes that are not UTF-8 (RFC 8259 §8.1) are a 400, empty is a 400,
 * deeper than the contract's `jsonDepth` is a 400 naming the limit (checked before parsing), malformed JSON is a 400,
 * a `__proto__` / `constructor.prototype` key a 400 naming it, and a number with a fraction stays a non-integer even
 * where a double would round it to one (see `scan`). `sample` is shown in the messages (e.g. ` such as {"name":"Rex"}`).
 */
export function parseJsonBody(body: Uint8Array, sample: string): unknown {
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    throw new RuleError(400, messages.invalidUtf8(sample));
  }
  if (text === "") throw new RuleError(400, messages.emptyBody(sample));
  const scanned = scan(text, requestLimits.jsonDepth, true);
  if (scanned.depth > requestLimits.jsonDepth) throw new RuleError(400, messages.tooDeep(requestLimits.jsonDepth));
  let data: unknown;
  try {
    data = JSON.parse(scanned.text);
  } catch {
    throw new RuleError(400, messages.invalidJson(sample));
  }
  if ((PROTO.test(text) || CONSTRUCTOR.test(text)) && hasForbiddenKey(data))
    throw new RuleError(400, messages.forbiddenKey(sample));
  return data;
}
