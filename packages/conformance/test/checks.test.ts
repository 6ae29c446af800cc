import { describe, expect, it } from "vitest";
import type { ConformanceCase, Target } from "../src/index";
import { allCapabilities, buildMatrix, runCase } from "../src/index";
import { responseViolations } from "../src/targets/prism-proxy";

const deprecationHeaders = {
  sunset: "Thu, 05 Dec 2030 00:00:00 GMT",
  deprecation: "@1764892800",
  link: '<https://docs.petstore.example/#tag/animals/operation/listPets>; rel="deprecation"; type="text/html"',
};
const pet = { id: 1, name: "Rex", categoryId: 1 };
const getPet: ConformanceCase = {
  id: "t.get",
  operationId: "getPet",
  title: "get",
  requires: [],
  request: { method: "GET", path: "/pets/1", auth: "valid" },
  status: 200,
};

/** A target whose every answer is the given response, so each check can be shown to fail on its own. */
function fakeTarget(
  status: number,
  body: unknown,
  headers: Record<string, string>,
  extra: Partial<Target> = {},
): Target {
  return {
    name: "fake",
    baseUrl: "http://fake.test/v1",
    apiKey: "k",
    capabilities: new Set(allCapabilities),
    fetch: async () => {
      // An empty value here means "leave the header out".
      const all = Object.entries({ "content-type": "application/json", "x-request-id": "r1", ...headers }).filter(
        ([, value]) => value !== "",
      );
      return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: all });
    },
    close: async () => {},
    ...extra,
  };
}

describe("contract checks", () => {
  it("passes a response that honours the contract", async () => {
    const result = await runCase(fakeTarget(200, pet, deprecationHeaders), getPet);
    expect(result).toMatchObject({ outcome: "pass", problems: [] });
  });

  it.each([
    ["another status", fakeTarget(201, pet, deprecationHeaders), /status 201, expected 200/],
    [
      "a missing X-Request-Id",
      fakeTarget(200, pet, { ...deprecationHeaders, "x-request-id": "" }),
      /header X-Request-Id/,
    ],
    [
      "a Deprecation of `true`",
      fakeTarget(200, pet, { ...deprecationHeaders, deprecation: "true" }),
      /header Deprecation="true"/,
    ],
    [
      "no Sunset",
      fakeTarget(200, pet, { deprecation: deprecationHeaders.deprecation, link: deprecationHeaders.link }),
      /header Sunset missing/,
    ],
    [
      "a body off the schema",
      fakeTarget(200, { ...pet, id: 0, extra: 1 }, deprecationHeaders),
      /body \/id must be >= 1/,
    ],
    [
      "a text body",
      fakeTarget(200, "<html>", { ...deprecationHeaders, "content-type": "text/html" }),
      /content-type "text\/html"/,
    ],
    [
      "a Prism response violation",
      fakeTarget(
        200,
        pet,
        {
          ...deprecationHeaders,
          "sl-violations": JSON.stringify([{ location: ["response", "body"], code: "type", message: "bad" }]),
        },
        { extraChecks: responseViolations },
      ),
      /Prism contract violation at response.body/,
    ],
  ])("fails %s", async (_what, target, problem) => {
    const result = await runCase(target, getPet);
    expect(result.outcome).toBe("fail");
    expect(result.problems.join("\n")).toMatch(problem);
  });

  it("fails an Error body whose code or status does not match the HTTP status", async () => {
    const kase = { ...getPet, status: 404 };
    const result = await runCase(
      fakeTarget(404, { code: "invalid_request", message: "m", status: 400 }, deprecationHeaders),
      kase,
    );
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Error code invalid_request, expected not_found/),
        expect.stringMatching(/status 400 differs from HTTP 404/),
      ]),
    );
  });

  it("ignores request violations Prism reports, which the matrix sends on purpose", () => {
    const response = new Response("{}", {
      headers: {
        "sl-violations": JSON.stringify([{ location: ["request", "query", "limit"], code: "minimum", message: "m" }]),
      },
    });
    expect(responseViolations(response)).toEqual([]);
  });

  it("reports a case the target lacks a capability for as n/a, naming the capability", async () => {
    const target = fakeTarget(200, pet, deprecationHeaders, {
      capabilities: new Set(allCapabilities.filter((c) => c !== "stateful")),
    });
    const result = await runCase(target, { ...getPet, requires: ["stateful"] });
    expect(result).toMatchObject({ outcome: "n/a", missing: ["stateful"] });
  });

  it("turns a listed known failure that passes into a failure, so the list cannot go stale", async () => {
    const result = await runCase(fakeTarget(200, pet, deprecationHeaders), getPet, { fake: { "t.get": "F9" } });
    expect(result.outcome).toBe("fail");
    expect(result.problems[0]).toMatch(/known failure \(F9\) but passes/);
  });
});

describe("checks the matrix adds beyond the declared ones", () => {
  const matrixCase = (id: string) => buildMatrix().find((kase) => kase.id === id)!;
  // A getPet 401 sent without setup (getPet.auth.missing first creates the pet it reads).
  const getPetUnauthorized = "getPet.auth.missing-before-validation";
  const unauthorized = { code: "unauthorized", message: "m", status: 401 };
  const methodNotAllowed = { code: "method_not_allowed", message: "m", status: 405 };

  it("fails a getPet 401 without the deprecation headers the contract declares on every getPet response", async () => {
    const result = await runCase(fakeTarget(401, unauthorized, {}), matrixCase(getPetUnauthorized));
    expect(result.outcome).toBe("fail");
    expect(result.problems).toEqual(
      expect.arrayContaining(["header Sunset missing", "header Deprecation missing", "header Link missing"]),
    );
    expect(result.problems.join("\n")).not.toMatch(/X-Request-Id/);
  });

  it("passes a getPet 401 with them", async () => {
    expect(
      (await runCase(fakeTarget(401, unauthorized, deprecationHeaders), matrixCase(getPetUnauthorized))).outcome,
    ).toBe("pass");
  });

  it.each([
    ["no Allow", {}, /expected Allow: GET, POST, got none/],
    [
      "an Allow naming a method the contract does not serve",
      { allow: "GET, POST, DELETE" },
      /expected Allow: GET, POST, got "GET, POST, DELETE"/,
    ],
  ])("fails a 405 with %s", async (_what, headers, problem) => {
    const result = await runCase(fakeTarget(405, methodNotAllowed, headers), matrixCase("routes.delete-pets"));
    expect(result.problems.join("\n")).toMatch(problem);
  });

  it.each(["post,GET", "GET, POST, OPTIONS"])(
    "passes a 405 whose Allow lists the contract's methods in any order and case, with or without OPTIONS: %s",
    async (allow) => {
      expect(
        (await runCase(fakeTarget(405, methodNotAllowed, { allow }), matrixCase("routes.delete-pets"))).outcome,
      ).toBe("pass");
    },
  );
});
