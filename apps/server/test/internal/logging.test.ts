import type { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import {
  completedLine,
  epochMilliseconds,
  jsonString,
  milliseconds,
  serverPino as createServerPino,
} from "../../src/internal/logging";

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

  it("writes pino's bytes for every line of a run in which method, target, id, status and time change", () => {
    const { root, lines } = serverPino();
    const chindings = (root as unknown as Record<symbol, string>)[pino.symbols.chindingsSym]!;
    const requests = [
      ["GET", "/v1/pets?limit=20", "req_a", 200, 0.5],
      ["GET", "/v1/pets?limit=20", "req_b", 200, 1.25],
      ["GET", "/v1/pets?limit=20", "trace-1", 304, 7],
      ["POST", "/v1/pets?limit=20", "req_c", 201, 12.318],
      ["POST", "/v1/pets", "req_c", 400, 0.001],
      ["GET", '/v1/pets?q="x', "a\\b", 401, 4.56789012],
      ["GET", '/v1/pets?q="x', "ид-\u{1f436}\u0001", 401, 3],
      ["GET", '/v1/pets?q="x', "req_e", 401, 3],
    ] as const;
    const written: string[] = [];
    for (const [method, url, reqId, statusCode, responseTime] of requests) {
      root.child({ reqId }).info({ method, url, statusCode, responseTime }, "request completed");
      written.push(completedLine(chindings, reqId, { method, url, status: statusCode, responseTime }));
    }
    expect(written.map(withoutTime)).toEqual(lines.map(withoutTime));
  });

  it("writes the time of the moment each line is made", () => {
    vi.useFakeTimers();
    try {
      const fields = { method: "GET", url: "/v1/pets", status: 200, responseTime: 1 };
      const times = [1_800_000_000_000, 1_800_000_000_000, 1_800_000_000_001, 1_800_000_060_000];
      for (const time of times) {
        vi.setSystemTime(time);
        expect(completedLine(',"pid":1', "req_a", fields)).toContain(`{"level":30,"time":${time},"pid":1,`);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("epochMilliseconds", () => {
  it("says what Date.now() said when performance.now() was read", () => {
    for (let i = 0; i < 1_000; i++) {
      const before = Date.now();
      const at = performance.now();
      const after = Date.now();
      const epoch = epochMilliseconds(at);
      expect(epoch).toBeGreaterThanOrEqual(before - 1);
      expect(epoch).toBeLessThanOrEqual(after + 1);
    }
  });

  it("follows a system clock that was set, from the next second on", () => {
    const now = vi.spyOn(Date, "now");
    try {
      const real = Date.now();
      now.mockReturnValue(real + 3_600_000);
      // A reading a second and a half later: the system clock is read again and found set an hour ahead.
      expect(epochMilliseconds(performance.now() + 1_500) - (real + 3_600_000 + 1_500)).toBeLessThanOrEqual(5);
      expect(epochMilliseconds(performance.now() + 1_500) - (real + 3_600_000 + 1_500)).toBeGreaterThanOrEqual(-5);
      now.mockRestore();
      const back = Date.now();
      expect(Math.abs(epochMilliseconds(performance.now() + 4_000) - (back + 4_000))).toBeLessThanOrEqual(5);
    } finally {
      now.mockRestore();
    }
  });

  it("dates a completed line by the end it is given", () => {
    const at = performance.now() + 2_500;
    const line = completedLine(',"pid":1', "req_a", {
      method: "GET",
      url: "/",
      status: 200,
      responseTime: 1,
      endedAt: at,
    });
    expect(line).toContain(`{"level":30,"time":${epochMilliseconds(at)},"pid":1,`);
    expect(Math.abs(epochMilliseconds(at) - (Date.now() + 2_500))).toBeLessThanOrEqual(5);
  });
});

describe("milliseconds", () => {
  it("spells a time as String() does, whole microseconds or not", () => {
    const values = [0, 0.001, 0.01, 0.1, 0.5, 1, 1.5, 12.318, 100, 999.999, 1000.001, 65_000.25, 0.0005, 1.2345, 1e-7];
    for (let i = 0; i < 20_000; i++) values.push(Math.round(Math.random() * 10 ** (1 + (i % 9))) / 1000);
    for (const value of values) expect(milliseconds(value), String(value)).toBe(String(value));
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
