import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreClient, type Logger, type LogLevel } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const KEY = "sk_live_Zebra-42-secret";

function capture() {
  const lines: [string, string][] = [];
  const logger: Logger = {
    error: (line) => lines.push(["error", line]),
    warn: (line) => lines.push(["warn", line]),
    info: (line) => lines.push(["info", line]),
    debug: (line) => lines.push(["debug", line]),
  };
  return { lines, logger };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("logging", () => {
  it("debug lines show method, URL, status, attempt, duration and request id; info says when it retries", async () => {
    const { lines, logger } = capture();
    const { fetch } = fakeFetch(jsonResponse(503, {}), jsonResponse(200, [PET], { "x-request-id": "req_42" }));
    const petstore = createPetstoreClient({
      apiKey: KEY,
      baseUrl: "http://127.0.0.1:1/v1",
      fetch,
      logLevel: "debug",
      logger,
      sleep: async () => {},
      random: () => 0,
    });
    await petstore.pets.list({ limit: 3 });
    expect(lines[0]).toEqual([
      "debug",
      expect.stringMatching(
        /^\[@petstore\/client\] GET http:\/\/127\.0\.0\.1:1\/v1\/pets\?limit=3 → 503 attempt 1, \d+ ms$/,
      ),
    ]);
    expect(lines[1]).toEqual(["info", expect.stringContaining("retry 1 of 2 in 500 ms")]);
    expect(lines[2]).toEqual(["debug", expect.stringMatching(/→ 200 attempt 2, \d+ ms, request id req_42$/)]);
  });

  it("the default level is warn, PETSTORE_LOG sets another, and logLevel wins over it", async () => {
    const run = async (options: { logLevel?: LogLevel }) => {
      const { lines, logger } = capture();
      const { fetch } = fakeFetch(jsonResponse(503, {}, { "retry-after": "120" }));
      await createPetstoreClient({ apiKey: KEY, baseUrl: "http://127.0.0.1:1/v1", fetch, logger, ...options })
        .pets.list()
        .catch(() => {});
      return lines.map(([level]) => level);
    };
    expect(await run({})).toEqual(["warn"]);
    vi.stubEnv("PETSTORE_LOG", "debug");
    expect(await run({})).toEqual(["debug", "warn"]);
    expect(await run({ logLevel: "off" })).toEqual([]);
    vi.stubEnv("PETSTORE_LOG", "");
    expect(await run({})).toEqual(["warn"]);
    vi.stubEnv("PETSTORE_LOG", "loud");
    expect(() => createPetstoreClient({ apiKey: KEY })).toThrow(
      /PETSTORE_LOG must be one of \["off","error","warn","info","debug"\]; got "loud"/,
    );
  });

  it.each(["error", "warn", "info", "debug"] as const)(
    "the API key never reaches a log line at level %s",
    async (logLevel) => {
      const { lines, logger } = capture();
      const answers = [
        jsonResponse(503, { message: `echo ${KEY}` }, { "retry-after": "0" }),
        new TypeError(`fetch failed for Bearer ${KEY}`),
        jsonResponse(200, PET, { deprecation: "@1", sunset: "Sun, 01 Jun 2031 00:00:00 GMT" }),
      ];
      const { fetch } = fakeFetch(...answers);
      const options = {
        apiKey: () => KEY,
        baseUrl: "http://127.0.0.1:1/v1",
        fetch,
        logLevel,
        logger,
        sleep: async () => {},
        onDeprecation: () => {
          throw new Error("handler");
        },
      };
      await createPetstoreClient(options)
        .pets.get(1)
        .catch(() => {});
      await createPetstoreClient({ ...options, maxRetries: 0 })
        .pets.list()
        .catch(() => {});
      await createPetstoreRawClient(options)
        .GET("/pets")
        .catch(() => {});
      await createPetstoreClient({
        ...options,
        fetch: fakeFetch(jsonResponse(503, {}, { "retry-after": "999" })).fetch,
      })
        .pets.create({ name: "a", categoryId: 1 })
        .catch(() => {});
      expect(lines.length).toBeGreaterThan(0);
      for (const [, line] of lines) {
        expect(line).not.toContain(KEY);
        expect(line).not.toMatch(/zebra/i);
      }
    },
  );
});
