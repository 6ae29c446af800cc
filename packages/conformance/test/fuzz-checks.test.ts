import { describe, expect, it } from "vitest";
import { allCapabilities, type Target } from "../src/index";
import { runFuzz } from "../src/fuzz/run";
import { operationAt, responseObject } from "../src/internal/contract";
import { schemaProblems } from "../src/internal/validator";

/** A target answering every request with one fixed response. */
function fixedTarget(status: number, body: unknown, headers: Record<string, string> = { "x-request-id": "r" }): Target {
  return {
    name: "fixed",
    baseUrl: "http://fixed.test/v1",
    apiKey: "k",
    capabilities: new Set(allCapabilities),
    fetch: async () =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } }),
    close: async () => {},
  };
}

describe("fuzz checks", () => {
  it("fails on a 5xx and names the seed to replay it", async () => {
    const summary = await runFuzz(
      fixedTarget(500, { code: "internal_error", message: "m", status: 500 }),
      { requests: 20, concurrency: 10, seed: 7 },
      [],
    );
    expect(summary.failure).toMatch(/500: status 500/);
    expect(summary.failure).toMatch(/CONFORMANCE_SEED=7/);
  });

  it("fails on an error body that is not an Error", async () => {
    const summary = await runFuzz(
      fixedTarget(400, { error: "Bad Request" }),
      { requests: 10, concurrency: 10, seed: 7 },
      [],
    );
    expect(summary.failure).toMatch(/Error body \(root\) must have required property 'code'/);
  });

  it("fails on a success body off its operation's schema, taken from the contract", async () => {
    const body = { pets: [] };
    const summary = await runFuzz(fixedTarget(200, body), { requests: 20, concurrency: 10, seed: 7 }, []);
    // Whichever operations the seed reaches, each failing request names the problems of its own 200 schema.
    const lines = (summary.failure ?? "").split("\n").filter((line) => line.includes(" → "));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      const [request = "", reported] = line.split(" → ");
      const [method = "", ...rest] = request.split(" ");
      const operationId = operationAt(method, rest.join(" "));
      expect(operationId, line).toBeDefined();
      const schema = responseObject(operationId!, 200)?.content?.["application/json"]?.schema;
      const expected = schemaProblems(schema, body).map((problem) => `200: body ${problem}`);
      expect(expected.length, line).toBeGreaterThan(0);
      expect(reported).toBe(expected.join("; "));
    }
  });

  it("holds a status the operation does not declare to its `default` response (an Error)", async () => {
    const summary = await runFuzz(fixedTarget(202, {}), { requests: 20, concurrency: 10, seed: 7 }, []);
    expect(summary.failure).toMatch(/→ 202: body \(root\) must have required property 'code'/);
  });

  it("fails when a known finding no longer reproduces", async () => {
    const finding = { id: "F0", finding: "gone", matches: () => true };
    const summary = await runFuzz(
      fixedTarget(404, { code: "not_found", message: "m", status: 404 }),
      { requests: 10, concurrency: 10, seed: 7 },
      [finding],
    );
    expect(summary.failure).toMatch(/no longer reproduce.*F0/);
  });

  it("reports a target whose API stops answering even though its health check still passes", async () => {
    const broken = fixedTarget(404, { code: "not_found", message: "m", status: 404 });
    let calls = 0;
    const target: Target = {
      ...broken,
      healthUrl: "http://fixed.test/healthz",
      // Healthy by its own account, but every API call after the ten fuzzed ones is a 503.
      fetch: async (input, init) =>
        input.endsWith("/healthz")
          ? new Response("{}", { status: 200 })
          : ++calls > 10
            ? new Response("{}", { status: 503 })
            : broken.fetch(input, init),
    };
    const summary = await runFuzz(target, { requests: 10, concurrency: 10, seed: 7 }, []);
    expect(summary.failure).toBeUndefined();
    expect(summary.healthStatus).toBe(503);
  });

  it("replays the same requests for the same seed", async () => {
    const seen: string[][] = [[], []];
    for (const run of [0, 1]) {
      const target = { ...fixedTarget(404, { code: "not_found", message: "m", status: 404 }) };
      const inner = target.fetch;
      await runFuzz(
        { ...target, fetch: (input, init) => (seen[run]!.push(`${init?.method} ${input}`), inner(input, init)) },
        { requests: 30, concurrency: 10, seed: 42 },
        [],
      );
    }
    expect(seen[0]).toEqual(seen[1]);
  });
});
