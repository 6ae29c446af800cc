import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { startFixedBytesServer } from "../src/internal/fixed-bytes-server";
import { ensureWrk, parseWrkOutput, parseWrkTime, runWrk, wrkScript } from "../src/internal/wrk";

// Reports printed by Debian's wrk 4.1.0 on this machine.
const okReport = `Running 1s test @ http://127.0.0.1:18765/
  1 threads and 10 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     7.07ms   11.06ms  74.41ms   89.52%
    Req/Sec     2.81k     1.62k    6.28k    80.00%
  Latency Distribution
     50%    3.14ms
     75%    8.15ms
     90%   18.81ms
     99%   54.39ms
  2887 requests in 1.02s, 476.47KB read
Requests/sec:   2824.77
Transfer/sec:    466.20KB
`;
// As wrk prints it: a unit of one letter is padded with a space ("1.51s ").
const errorReport = `Running 1s test @ http://127.0.0.1:18765/bad
  1 threads and 4 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     0.86ms    2.82ms  25.08ms   94.56%
    Req/Sec    19.37k     5.13k   24.41k    80.00%
  Latency Distribution
     50%  152.00us
     75%  229.00us
     90%    0.97ms
     99%    1.51s${" "}
  19242 requests in 1.00m, 3.45MB read
  Socket errors: connect 0, read 2, write 1, timeout 4
  Non-2xx or 3xx responses: 19242
Requests/sec:  19146.71
Transfer/sec:      3.43MB
`;

describe("parseWrkTime", () => {
  it.each([
    ["152.00us", 0.152],
    ["3.14ms", 3.14],
    ["1.02s", 1020],
    ["1.00m", 60_000],
  ])("%s → %d ms", (text, ms) => {
    expect(parseWrkTime(text)).toBeCloseTo(ms, 6);
  });

  it("refuses what is not a wrk time", () => {
    expect(() => parseWrkTime("3.14 parsecs")).toThrow("not a wrk time");
  });
});

describe("parseWrkOutput", () => {
  it("reads count, duration, req/s and the latency percentiles", () => {
    expect(parseWrkOutput(okReport)).toEqual({
      requests: 2887,
      durationSeconds: 1.02,
      requestsPerSecond: 2824.77,
      latencyMedianMs: 3.14,
      latencyP99Ms: 54.39,
      errorStatuses: 0,
      socketErrors: 0,
    });
  });

  it("counts error statuses and every kind of socket error, so a failing server cannot pass as fast", () => {
    expect(parseWrkOutput(errorReport)).toMatchObject({
      requests: 19242,
      durationSeconds: 60,
      latencyMedianMs: 0.152,
      latencyP99Ms: 1510,
      errorStatuses: 19242,
      socketErrors: 7,
    });
  });

  it("says what is missing and quotes the output", () => {
    const withoutLatency = okReport.replace(/ {2}Latency Distribution[\s\S]*?99%.*\n/, "");
    expect(() => parseWrkOutput(withoutLatency)).toThrow(
      /no latency distribution \(run it with --latency\):\nRunning 1s test/,
    );
    expect(() => parseWrkOutput("unable to connect to 127.0.0.1:1 Connection refused")).toThrow(
      "wrk printed no request count",
    );
  });
});

describe("wrkScript", () => {
  it("sets the method and a body that cannot end the Lua string early", () => {
    expect(wrkScript({ url: "http://x/", method: "POST", body: '{"name":"]]"}' })).toBe(
      'wrk.method = [[POST]]\nwrk.body = [=[{"name":"]]"}]=]\n',
    );
    expect(wrkScript({ url: "http://x/" })).toBe("wrk.method = [[GET]]\n");
  });
});

const wrk = ensureWrk(console.warn);
if (!wrk.ok) console.warn(`[@petstore/bench] skipping the runs of real wrk: ${wrk.reason}`);

describe.skipIf(!wrk.ok)("runWrk with Debian's wrk", () => {
  it("loads a server and reports its requests and wrk's own CPU time", async () => {
    const { server, port } = await startFixedBytesServer(new TextEncoder().encode("[]"));
    try {
      const result = await runWrk({
        url: `http://127.0.0.1:${port}/v1/pets?limit=20`,
        connections: 2,
        durationSeconds: 1,
      });
      expect(result.requests).toBeGreaterThan(0);
      expect(result.errorStatuses + result.socketErrors).toBe(0);
      expect(result.latencyMedianMs).toBeLessThanOrEqual(result.latencyP99Ms);
      // wrk spends CPU on every request; a load generator that reports none was not measured.
      expect(result.loadGeneratorCpuSeconds).toBeGreaterThan(0);
      expect(result.loadGeneratorCpuSeconds).toBeLessThan(result.durationSeconds * 2 + 1);
    } finally {
      server.close();
    }
  });

  it("sends the method, headers and body it is given, and counts error statuses", async () => {
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
      const result = await runWrk({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/pets`,
        method: "POST",
        headers: { Authorization: "Bearer k" },
        body: '{"name":"Rex"}',
        connections: 1,
        durationSeconds: 1,
      });
      expect(result.requests).toBeGreaterThan(0);
      expect(result.errorStatuses).toBe(result.requests);
      expect(seen).toEqual({ method: "POST", body: '{"name":"Rex"}', auth: "Bearer k" });
    } finally {
      server.close();
    }
  });

  it("sends a new Idempotency-Key with every request when given a prefix", async () => {
    const keys: (string | undefined)[] = [];
    const server = createServer((request, response) => {
      keys.push(request.headers["idempotency-key"] as string | undefined);
      response.writeHead(201).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const result = await runWrk({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/pets`,
        method: "POST",
        body: "{}",
        idempotencyKeyPrefix: "run-1-",
        connections: 2,
        durationSeconds: 1,
      });
      expect(result.errorStatuses).toBe(0);
      expect(keys.length).toBeGreaterThan(1);
      expect(keys.every((key) => key?.startsWith("run-1-"))).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);
    } finally {
      server.close();
    }
  });

  it("fails with wrk's own words when nothing listens", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    await expect(runWrk({ url: `http://127.0.0.1:${port}/`, connections: 1, durationSeconds: 1 })).rejects.toThrow(
      /Connection refused|wrk printed no/,
    );
  });
});
