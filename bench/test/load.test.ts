import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startFixedBytesServer } from "../src/internal/fixed-bytes-server";
import { runLoad } from "../src/internal/load";

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
