import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startFixedBytesServer } from "../src/internal/fixed-bytes-server";
import { runLoad, type LoadResult } from "../src/internal/load";
import { medianRun } from "../src/benchmarks/server-throughput";

describe("runLoad", () => {
  it("counts 2xx responses and reports latency percentiles in order", async () => {
    const { server, port } = await startFixedBytesServer(new TextEncoder().encode("[]"));
    try {
      const result = await runLoad({ url: `http://127.0.0.1:${port}/v1/pets`, connections: 2, durationSeconds: 0.3 });
      expect(result.ok).toBeGreaterThan(0);
      expect(result.failed).toBe(0);
      expect(result.requestsPerSecond).toBeGreaterThan(0);
      expect(result.latencyMedianMs).toBeLessThanOrEqual(result.latencyP99Ms);
    } finally {
      server.close();
    }
  });

  it("counts non-2xx answers as failed, so a broken target cannot pass as fast", async () => {
    const seen: { method?: string; body: string; auth?: string } = { body: "" };
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        Object.assign(seen, { method: request.method, body, auth: request.headers.authorization });
        response.writeHead(500).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const result = await runLoad({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/pets`,
        method: "POST",
        headers: { authorization: "Bearer k" },
        body: '{"name":"Rex"}',
        connections: 1,
        durationSeconds: 0.2,
      });
      expect(result.ok).toBe(0);
      expect(result.failed).toBeGreaterThan(0);
      expect(seen).toEqual({ method: "POST", body: '{"name":"Rex"}', auth: "Bearer k" });
    } finally {
      server.close();
    }
  });
});

describe("medianRun", () => {
  const run = (requestsPerSecond: number, latencyP99Ms: number): LoadResult => ({
    requestsPerSecond,
    latencyMedianMs: 1,
    latencyP99Ms,
    ok: 1,
    failed: 0,
  });

  it("returns the whole run with the median req/s, keeping its own latencies", () => {
    expect(medianRun([run(300, 3), run(100, 1), run(200, 2)])).toEqual(run(200, 2));
  });

  it("picks a real run (the lower middle) for an even count", () => {
    expect(medianRun([run(100, 1), run(400, 4), run(200, 2), run(300, 3)])).toEqual(run(200, 2));
    expect(medianRun([run(300, 3), run(200, 2)])).toEqual(run(200, 2));
  });

  it("rejects an empty list", () => {
    expect(() => medianRun([])).toThrow("no load runs");
  });
});
