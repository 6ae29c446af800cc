import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createMemoryStore, createService } from "../src/index";
import { healthRoutes, listenNode, type HealthOptions, type NodeListener } from "../src/node/index";

const listeners: NodeListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

/** The service over the Node adapter with `healthRoutes(options)`, as the server and the mock's HTTP host run it. */
async function start(options?: HealthOptions): Promise<string> {
  const service = createService({ store: createMemoryStore(), verifyKey: () => undefined });
  const listener = await listenNode({ handle: service.handle, routes: healthRoutes(options), drainQuietMs: 0 });
  listeners.push(listener);
  return listener.url;
}

async function get(url: string, method = "GET") {
  const response = await fetch(url, { method });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const REQUEST_ID = /^req_[0-9a-f]{32}$/;

describe("healthRoutes", () => {
  it.each([
    ["/healthz", '{"status":"ok"}'],
    ["/readyz", '{"status":"ready"}'],
    ["/healthz?probe=1", '{"status":"ok"}'],
    ["/readyz?", '{"status":"ready"}'],
  ])("GET %s answers 200 without a key, HEAD the same headers without a body", async (path, body) => {
    const url = await start();
    const answer = await get(url + path);
    expect([answer.status, answer.text]).toEqual([200, body]);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(answer.headers.get("content-length")).toBe(String(body.length));
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("x-request-id")).toMatch(REQUEST_ID);
    const head = await get(url + path, "HEAD");
    expect([head.status, head.text, head.headers.get("content-length")]).toEqual([200, "", String(body.length)]);
  });

  it.each([
    ["not ready", () => false],
    ["not ready yet", async () => false],
    ["a readiness check that rejects", () => Promise.reject(new Error("database gone"))],
    [
      "a readiness check that throws",
      (): boolean => {
        throw new Error("database gone");
      },
    ],
  ])("/readyz is a 503 service_unavailable with Retry-After for %s, while /healthz stays 200", async (_name, ready) => {
    const url = await start({ ready });
    const answer = await get(`${url}/readyz`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("2");
    const requestId = answer.headers.get("x-request-id");
    expect(JSON.parse(answer.text)).toEqual({
      code: "service_unavailable",
      status: 503,
      message: `The pet store's storage is unavailable right now. Retry in 2 seconds; quote request id ${requestId} if it persists.`,
    });
    expect((await get(`${url}/readyz`, "HEAD")).text).toBe("");
    expect((await get(`${url}/healthz`)).status).toBe(200);
  });

  it("answers an absolute-form target (`GET http://host/healthz`, as a proxy sends it) by its path", async () => {
    const url = new URL(await start());
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname);
      let data = "";
      socket.on("data", (chunk) => (data += chunk));
      socket.on("close", () => resolve(data));
      socket.on("error", reject);
      socket.write("GET http://localhost/readyz?probe=1 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(answer.endsWith('\r\n\r\n{"status":"ready"}')).toBe(true);
  });

  it("asks `ready` on every /readyz, so readiness follows the host", async () => {
    let ready = false;
    const url = await start({ ready: () => ready });
    expect((await get(`${url}/readyz`)).status).toBe(503);
    ready = true;
    expect((await get(`${url}/readyz`)).status).toBe(200);
  });

  it.each([
    ["POST", "/healthz"],
    ["GET", "/healthzz"],
    ["GET", "/readyz/"],
    ["GET", "/v1/healthz"],
    ["GET", "/HEALTHZ"],
  ])("leaves %s %s to the service (its 404 Error)", async (method, path) => {
    const url = await start();
    const answer = await get(url + path, method);
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.text)).toMatchObject({ code: "not_found", status: 404 });
  });
});
