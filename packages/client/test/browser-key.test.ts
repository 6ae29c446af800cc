import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPetstoreClient, type Logger } from "../src/index";
import { createPetstoreRawClient } from "../src/raw";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/** A logger that records its lines. */
function recorder() {
  const lines: [string, string][] = [];
  const logger = Object.fromEntries(
    (["error", "warn", "info", "debug"] as const).map((level) => [level, (line: string) => lines.push([level, line])]),
  ) as unknown as Logger;
  return { lines, logger };
}

const base = { apiKey: "pk_public_demo", baseUrl: "http://127.0.0.1:1/v1", fetch: async () => new Response() };

// The warning is once per process; each test starts as a fresh page would.
const forget = () => (globalThis as Record<symbol, Set<string>>)[Symbol.for("@petstore/client/warned")]?.clear();

function asPage(userAgent = CHROME) {
  vi.stubGlobal("window", {});
  vi.stubGlobal("document", {});
  vi.stubGlobal("navigator", { userAgent });
}

beforeEach(forget);
afterEach(() => {
  vi.unstubAllGlobals();
  forget();
});

describe("a key in a browser page: told, not blocked", () => {
  it("the first client made in a page warns once, through the logger, naming both ways on", () => {
    asPage();
    const { lines, logger } = recorder();
    createPetstoreClient({ ...base, logger });
    createPetstoreClient({ ...base, logger });
    createPetstoreRawClient({ ...base, logger });
    expect(lines).toEqual([
      [
        "warn",
        "[@petstore/client] This page holds an API key that every visitor can read. Use a backend proxy, or pass dangerouslyAllowBrowser: true for a public key.",
      ],
    ]);
  });

  it("the raw client warns too when it is the first", () => {
    asPage();
    const { lines, logger } = recorder();
    createPetstoreRawClient({ ...base, logger });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.[1]).toMatch(/every visitor can read/);
  });

  it("dangerouslyAllowBrowser: true silences it", () => {
    asPage();
    const { lines, logger } = recorder();
    const petstore = createPetstoreClient({ ...base, logger, dangerouslyAllowBrowser: true });
    expect(typeof petstore.pets.list).toBe("function");
    expect(lines).toEqual([]);
  });

  it("logLevel off silences it like every warning", () => {
    asPage();
    const { lines, logger } = recorder();
    createPetstoreClient({ ...base, logger, logLevel: "off" });
    expect(lines).toEqual([]);
  });

  it.each([
    ["jsdom", "Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/26.1.0"],
    ["happy-dom", "Mozilla/5.0 (X11; Linux x64) AppleWebKit/537.36 (KHTML, like Gecko) HappyDOM/20.0.0"],
  ])("%s, a test environment, is no page: no warning", (_, userAgent) => {
    asPage(userAgent);
    const { lines, logger } = recorder();
    createPetstoreClient({ ...base, logger });
    expect(lines).toEqual([]);
  });

  it("Node, workers and edge runtimes (no window or document) are no page: no warning", () => {
    const { lines, logger } = recorder();
    createPetstoreClient({ ...base, logger });
    vi.stubGlobal("navigator", { userAgent: "Cloudflare-Workers" });
    createPetstoreClient({ ...base, logger });
    expect(lines).toEqual([]);
  });

  it.each([["yes"], [1], [null], [{}]])("dangerouslyAllowBrowser: %j is a TypeError naming the option", (value) => {
    expect(() => createPetstoreClient({ ...base, dangerouslyAllowBrowser: value as unknown as boolean })).toThrow(
      TypeError,
    );
    expect(() => createPetstoreClient({ ...base, dangerouslyAllowBrowser: value as unknown as boolean })).toThrow(
      /^\[@petstore\/client\] dangerouslyAllowBrowser must be true or false; got /,
    );
  });
});
