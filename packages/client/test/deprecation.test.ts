import { operations } from "@petstore/contract";
import { describe, expect, it, vi } from "vitest";
import { deprecationLink, deprecationMessage, parseDeprecationDate } from "../src/deprecation";
import { createPetstoreClient, type DeprecationInfo, type CommonClientOptions } from "../src/index";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const contract = operations.getPet.deprecation;

function withHandler(answers: Response[], extra: CommonClientOptions = {}) {
  const seen: DeprecationInfo[] = [];
  const { fetch } = fakeFetch(...answers);
  const petstore = createPetstoreClient({
    apiKey: "k",
    baseUrl: "http://127.0.0.1:1/v1",
    fetch,
    onDeprecation: (info) => seen.push(info),
    ...extra,
  });
  return { petstore, seen };
}

describe("contract deprecation (pets.get)", () => {
  it("reports once per operation with date, replacement and link from the contract", async () => {
    const { petstore, seen } = withHandler([jsonResponse(200, PET)]);
    await petstore.pets.get(1);
    await petstore.pets.get(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      operation: "pets.get()",
      source: "contract",
      replacement: "pets.list({ status })",
      link: contract.link,
      sunset: new Date(contract.sunset),
    });
    expect(seen[0]?.message).toBe(
      `[@petstore/client] pets.get() is deprecated since 2025-12-05, removal 2030-12-05. Use pets.list({ status }). See ${contract.link}`,
    );
  });

  it("does not report operations that are not deprecated", async () => {
    const { petstore, seen } = withHandler([jsonResponse(200, [PET])]);
    await petstore.pets.list();
    expect(seen).toEqual([]);
  });

  it("onDeprecation: false silences it, including the default warning", async () => {
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on("warning", listener);
    try {
      const { fetch } = fakeFetch(jsonResponse(200, PET, { deprecation: "@1764892800" }));
      await createPetstoreClient({
        apiKey: "k",
        baseUrl: "http://127.0.0.1:1/v1",
        fetch,
        onDeprecation: false,
      }).pets.get(1);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.message.includes("@petstore/client"))).toEqual([]);
    } finally {
      process.off("warning", listener);
    }
  });

  it("by default emits one DeprecationWarning per process in Node", async () => {
    // The record is process-wide (see the ESM/CJS test below); another test file in this worker may have filled it.
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("@petstore/client/warned")];
    vi.resetModules();
    const fresh = await import("../src/index");
    const warnings: Error[] = [];
    const listener = (warning: Error) => warnings.push(warning);
    process.on("warning", listener);
    try {
      const { fetch } = fakeFetch(jsonResponse(200, PET));
      for (const _ of [1, 2]) {
        const petstore = fresh.createPetstoreClient({ apiKey: "k", baseUrl: "http://127.0.0.1:1/v1", fetch });
        await petstore.pets.get(1);
        await petstore.pets.get(2);
      }
      await new Promise((resolve) => setImmediate(resolve));
      const ours = warnings.filter((w) => w.message.startsWith("[@petstore/client]"));
      expect(ours).toHaveLength(1);
      expect(ours[0]?.name).toBe("DeprecationWarning");
      expect(ours[0]?.message).toContain("2030-12-05");
    } finally {
      process.off("warning", listener);
    }
  });
});

describe("header-driven deprecation", () => {
  const link = '<https://docs.petstore.example/new>; rel="deprecation"; type="text/html"';

  it("warns once per operation from Deprecation, Sunset and Link on any response", async () => {
    const headers = { deprecation: "@1764892800", sunset: "Thu, 05 Dec 2030 00:00:00 GMT", link };
    const { petstore, seen } = withHandler([jsonResponse(200, [PET], headers)]);
    await petstore.pets.list();
    await petstore.pets.list();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      operation: "pets.list()",
      source: "headers",
      link: "https://docs.petstore.example/new",
    });
    expect(seen[0]?.message).toBe(
      "[@petstore/client] pets.list() is deprecated since 2025-12-05, removal 2030-12-05. See https://docs.petstore.example/new",
    );
  });

  it("warns for each deprecated operation separately, also on error responses", async () => {
    const { petstore, seen } = withHandler([
      jsonResponse(400, { code: "invalid_request", message: "x", status: 400 }, { deprecation: "true" }),
    ]);
    await expect(petstore.pets.create({ name: "Rex", categoryId: 1 })).rejects.toThrow();
    await expect(petstore.pets.list()).rejects.toThrow();
    expect(seen.map((info) => info.operation)).toEqual(["pets.create()", "pets.list()"]);
  });

  it.each([
    ["Deprecation: true alone", { deprecation: "true" }, "[@petstore/client] pets.list() is deprecated."],
    [
      "Sunset alone",
      { sunset: "Sun, 01 Jun 2031 00:00:00 GMT" },
      "[@petstore/client] pets.list() is deprecated, removal 2031-06-01.",
    ],
    [
      "Deprecation as HTTP date",
      { deprecation: "Mon, 01 Jan 2029 00:00:00 GMT" },
      "[@petstore/client] pets.list() is deprecated since 2029-01-01.",
    ],
    [
      "an unparsable Sunset",
      { deprecation: "@0", sunset: "someday" },
      "[@petstore/client] pets.list() is deprecated since 1970-01-01.",
    ],
  ])("%s never prints a missing value", async (_name, headers, message) => {
    const { petstore, seen } = withHandler([jsonResponse(200, [], headers)]);
    await petstore.pets.list();
    expect(seen[0]?.message).toBe(message);
    expect(seen[0]?.message).not.toMatch(/undefined|null|Invalid Date|NaN/);
  });

  it("a handler that throws does not fail the call: the error goes to console.error", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { fetch } = fakeFetch(jsonResponse(201, PET, { deprecation: "@1764892800" }));
    const boom = new Error("handler bug");
    const petstore = createPetstoreClient({
      apiKey: "k",
      baseUrl: "http://127.0.0.1:1/v1",
      fetch,
      onDeprecation: () => {
        throw boom;
      },
    });
    await expect(petstore.pets.create({ name: "Rex", categoryId: 1 })).resolves.toEqual(PET);
    expect(logged).toHaveBeenCalledWith(
      expect.stringContaining("onDeprecation threw (Error: handler bug); the call went on."),
    );
    logged.mockRestore();
  });

  it("responses without the headers report nothing", async () => {
    const { petstore, seen } = withHandler([jsonResponse(200, [])]);
    await petstore.pets.list();
    expect(seen).toEqual([]);
  });
});

describe("parsers", () => {
  it.each([
    ["@1764892800", "2025-12-05T00:00:00.000Z"],
    ["Thu, 05 Dec 2030 00:00:00 GMT", "2030-12-05T00:00:00.000Z"],
    ["true", undefined],
    ["1", undefined],
    ["2030", undefined],
    ["", undefined],
    [null, undefined],
  ])("parseDeprecationDate(%j)", (value, expected) => {
    expect(parseDeprecationDate(value)?.toISOString()).toBe(expected);
  });

  it.each([
    ['<https://a.test/x>; rel="deprecation"', "https://a.test/x"],
    ['<https://a.test/next>; rel="next", <https://a.test/d>; rel="successor-version deprecation"', "https://a.test/d"],
    ["<https://a.test/x>; rel=deprecation", "https://a.test/x"],
    ['<https://a.test/x>; rel="next"', undefined],
    ['<https://a.test/x>; rel="not-deprecation"', undefined],
    ['<https://a.test/x>; rel="deprecations"', undefined],
    ['<https://a.test/x>; title="deprecation"; rel="next", <https://a.test/y>; REL="Deprecation"', "https://a.test/y"],
    ['<https://a.test/x>; title="a, b"; rel="deprecation"', "https://a.test/x"],
    ['<https://a.test/x>; rel=deprecation, <https://a.test/y>; rel="next"', "https://a.test/x"],
    ['<https://a.test/x>; rel="next"; title="a, b", <https://a.test/y>; rel=deprecation', "https://a.test/y"],
    ['<https://a.test/x>; rel="next", <https://a.test/y>; title="a; rel=deprecation"', undefined],
    ['<https://a.test/x>; title="<https://a.test/y>; rel=deprecation"', undefined],
    ['<https://a.test/x>; rel=next; anchor="<https://a.test/y>; rel=deprecation"', undefined],
    ["<https://a.test/x>; rel=next, deprecation", undefined],
    ["<https://a.test/x>; rel=next, <https://a.test/y> deprecation", undefined],
    [null, undefined],
  ])("deprecationLink(%j)", (header, expected) => {
    expect(deprecationLink(header)).toBe(expected);
  });

  it("reads a long hostile Link header in linear time (a backtracking pattern would outlast the test's timeout)", () => {
    for (const filler of ["<>", "<a", ", <", '<a>; title="', '<a>; rel="', "; rel=x"]) {
      expect(deprecationLink(filler.repeat(200_000))).toBeUndefined();
    }
    expect(deprecationLink(`${"<>".repeat(100_000)}, <https://a.test/x>; rel=deprecation`)).toBe("https://a.test/x");
  });

  it("the message leaves out every unknown fact", () => {
    expect(deprecationMessage({ operation: "op", source: "headers" })).toBe("[@petstore/client] op is deprecated.");
  });
});

describe("what servers send beyond the contract", () => {
  it("Deprecation: false is no deprecation", async () => {
    const { petstore, seen } = withHandler([jsonResponse(200, [PET], { deprecation: "false" })]);
    await petstore.pets.list();
    expect(seen).toEqual([]);
  });

  it("a server Sunset that differs from the contract's is reported once, naming both dates and the SDK method", async () => {
    const { petstore, seen } = withHandler([
      jsonResponse(200, PET, { deprecation: "@1764892800", sunset: "Mon, 01 Jan 2029 00:00:00 GMT" }),
    ]);
    await petstore.pets.get(1);
    await petstore.pets.get(1);
    expect(seen.map((info) => info.source)).toEqual(["contract", "headers"]);
    expect(seen[1]).toMatchObject({
      operation: "pets.get()",
      sunset: new Date("2029-01-01T00:00:00Z"),
      contractSunset: new Date(contract.sunset),
    });
    expect(seen[1]?.message).toBe(
      `[@petstore/client] pets.get() is deprecated since 2025-12-05, removal 2029-01-01 (server's Sunset; contract: 2030-12-05). Use pets.list({ status }). See ${contract.link}`,
    );
  });

  it("a server Sunset equal to the contract's adds nothing to the contract's warning", async () => {
    const { petstore, seen } = withHandler([jsonResponse(200, PET, { sunset: "Thu, 05 Dec 2030 00:00:00 GMT" })]);
    await petstore.pets.get(1);
    expect(seen.map((info) => info.source)).toEqual(["contract"]);
  });
});
