import type { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { completedLine, jsonString, serverPino as createServerPino } from "../../src/internal/logging";

/** The server's pino logger, and the lines it writes. */
function serverPino() {
  const lines: string[] = [];
  const stream = { write: (line: string) => void lines.push(line) } as unknown as Writable;
  return { root: createServerPino({ level: "info", stream }), lines };
}

const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');

describe("completedLine", () => {
  it.each([
    ["a plain URL", "GET", "/v1/pets?limit=20"],
    ["quotes, backslashes and control characters", "POST", '/v1/pets?q="a\\b"\u0001\t'],
    // Node's parser gives the request target as Latin-1 characters.
    ["bytes above ASCII", "GET", "/v1/p\u00c3\u00abts?x=\u00ff"],
    ["a URL longer than pino's short-string path", "GET", `/v1/pets/${"9".repeat(60)}?q="x"`],
  ])("writes the bytes pino writes for the request's child logger, with %s", (_label, method, url) => {
    const { root, lines } = serverPino();
    const fields = { method, url, statusCode: 201, responseTime: 12.318 };
    root.child({ reqId: "req_0123456789abcdef0123456789abcdef" }).info(fields, "request completed");
    const chindings = (root as unknown as Record<symbol, string>)[pino.symbols.chindingsSym]!;
    const line = completedLine(chindings, "req_0123456789abcdef0123456789abcdef", {
      method,
      url,
      status: fields.statusCode,
      responseTime: fields.responseTime,
    });
    expect(withoutTime(line)).toBe(withoutTime(lines[0]!));
  });
});

describe("jsonString", () => {
  it.each(["", "plain", 'a"b', "a\\b", "\n", "\u007f", "é\u{1f436}", "\udc00"])(
    "agrees with JSON.stringify on %j",
    (value) => {
      expect(jsonString(value)).toBe(JSON.stringify(value));
    },
  );
});
