// The request rules the server and the MSW handlers share (@petstore/service), each checked against both:
// the reference server over real HTTP and the handlers through msw/node.
import { connect } from "node:net";
import { requestLimits } from "@petstore/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "../src/index";
import { startMswTarget } from "../src/targets/msw";
import { startReferenceServer } from "./helpers/reference-server";

const targets: Record<"server" | "msw", Target> = {} as never;
beforeAll(async () => {
  targets.server = await startReferenceServer();
  targets.msw = await startMswTarget();
}, 60_000);
afterAll(async () => {
  await targets.msw?.close();
  await targets.server?.close();
});

const names = ["server", "msw"] as const;
const send = (name: (typeof names)[number], path: string, init: RequestInit = {}) =>
  targets[name].fetch(targets[name].baseUrl + path, init);
const bearer = (name: (typeof names)[number]) => ({ authorization: `Bearer ${targets[name].apiKey}` });
const deprecationHeaders = ["sunset", "deprecation", "link"];

/** A ≤ 1 MiB pet whose extra field nests 500,000 arrays. */
const deepPet = `{"name":"Rex","categoryId":1,"x":${"[".repeat(500_000)}${"]".repeat(500_000)}}`;

describe.each(names)("%s", (name) => {
  it("refuses JSON nested deeper than the contract's limit with a 400 that names it", async () => {
    expect(deepPet.length).toBeLessThanOrEqual(requestLimits.bodyBytes);
    const response = await send(name, "/pets", {
      method: "POST",
      headers: { ...bearer(name), "content-type": "application/json" },
      body: deepPet,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining(`${requestLimits.jsonDepth} levels`),
    });
    const shallow = `{"name":"Rex","categoryId":1,"x":${"[".repeat(requestLimits.jsonDepth - 1)}${"]".repeat(requestLimits.jsonDepth - 1)}}`;
    const accepted = await send(name, "/pets", {
      method: "POST",
      headers: { ...bearer(name), "content-type": "application/json" },
      body: shallow,
    });
    expect(accepted.status).toBe(201);
  });

  it.each(["/pets/%", `/pets/${"9".repeat(101)}`])(
    "answers a bad key on %s with 401 before the URL's 400, with getPet's deprecation headers",
    async (path) => {
      const bad = await send(name, path, { headers: { authorization: "Bearer not-a-key" } });
      expect(bad.status).toBe(401);
      const good = await send(name, path, { headers: bearer(name) });
      expect(good.status).toBe(400);
      for (const response of [bad, good])
        for (const header of deprecationHeaders) expect(response.headers.get(header), header).not.toBeNull();
    },
  );

  it("refuses two Authorization headers with a 400", async () => {
    const headers = new Headers();
    headers.append("authorization", `Bearer ${targets[name].apiKey}`);
    headers.append("authorization", "Bearer other");
    const response = await send(name, "/pets", { headers });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("Authorization"),
    });
  });

  it("sends getPet's deprecation headers on its validation 400s", async () => {
    const response = await send(name, "/pets/abc", { headers: bearer(name) });
    expect(response.status).toBe(400);
    for (const header of deprecationHeaders) expect(response.headers.get(header), header).not.toBeNull();
  });

  it("answers a CORS preflight with access-control-* headers, not Allow", async () => {
    const response = await send(name, "/pets", {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBeNull();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toBe("GET, POST");
    expect(response.headers.get("access-control-allow-headers")).toContain("Idempotency-Key");
    const simple = await send(name, "/pets", { headers: { ...bearer(name), origin: "https://app.example" } });
    expect(simple.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("sends Content-Length equal to the body's bytes", async () => {
    for (const response of [
      await send(name, "/pets", { headers: bearer(name) }),
      await send(name, "/orders", { headers: bearer(name) }),
    ]) {
      const body = new Uint8Array(await response.clone().arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    }
  });

  it("refuses headers over the contract's limit with 431", async () => {
    const response = await send(name, "/pets", {
      headers: { ...bearer(name), "x-padding": "a".repeat(requestLimits.headerBytes) },
    });
    expect(response.status).toBe(431);
    expect(await response.json()).toMatchObject({ code: "headers_too_large" });
  });
});

describe("server and msw agree", () => {
  it("answer QUERY on an unknown path alike", async () => {
    const [server, msw] = await Promise.all(
      names.map(async (name) => {
        const response = await send(name, "/orders", { method: "QUERY", headers: bearer(name) });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(server?.status).toBe(404);
    expect(msw).toEqual(server);
  });

  it("echo a query value that does not decode exactly as sent", async () => {
    const [server, msw] = await Promise.all(
      names.map(async (name) => (await send(name, "/pets?status=%FF", { headers: bearer(name) })).json()),
    );
    expect(server).toMatchObject({ status: 400, message: expect.stringContaining('"%FF"') });
    expect(msw).toEqual(server);
  });
});

describe("server over a raw socket", () => {
  const raw = (request: string) =>
    new Promise<string>((resolve, reject) => {
      const { hostname, port } = new URL(targets.server.baseUrl);
      const socket = connect({ host: hostname, port: Number(port) }, () => socket.end(request));
      let text = "";
      socket
        .setEncoding("utf8")
        .on("data", (chunk: string) => (text += chunk))
        .on("end", () => resolve(text))
        .on("error", reject);
    });

  it("refuses two separate Authorization header lines with a 400 (Node alone would keep the first)", async () => {
    const key = targets.server.apiKey;
    const answer = await raw(
      `GET /v1/pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nAuthorization: Bearer other\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"invalid_request"');
  });

  it("keeps /healthz answering while a deeply nested body is refused: median extra wait under 50 ms", {
    timeout: 60_000,
  }, async () => {
    const health = targets.server.healthUrl!;
    const timed = async () => {
      const start = performance.now();
      await (await targets.server.fetch(health)).text();
      return performance.now() - start;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const baseline: number[] = [];
    const underAttack: number[] = [];
    for (let round = 0; round < 7; round++) {
      baseline.push(await timed());
      const attack = send("server", "/pets", {
        method: "POST",
        headers: { ...bearer("server"), "content-type": "application/json" },
        body: deepPet,
      });
      // Asked once the body is on its way, so the check of the body and /healthz compete for the event loop.
      await new Promise((resolve) => setTimeout(resolve, 5));
      underAttack.push(await timed());
      expect((await attack).status).toBe(400);
    }
    expect(median(underAttack) - median(baseline)).toBeLessThan(50);
  });
});
