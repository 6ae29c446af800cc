import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { httpTarget, type Target } from "../src/index";
import { compareTargets, describeDisagreements } from "../src/fuzz/differential";
import { compareRawTargets } from "../src/fuzz/raw";

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/**
 * A server that answers every request alike, with a fresh request id (in a header and in the body), the current
 * date, and, on paths under `/v1/pets`, `X-Flavour: <flavour>` — the one thing that may differ between two of them.
 */
async function fakeServer(name: string, flavour: string): Promise<Target> {
  const server = createServer((request, response) => {
    const id = `req_${randomBytes(16).toString("hex")}`;
    const body = JSON.stringify({ code: "not_found", message: `quote ${id}`, status: 404 });
    response.writeHead(404, {
      "content-type": "application/json",
      "x-request-id": id,
      ...(request.url?.startsWith("/v1/pets") ? { "x-flavour": flavour } : {}),
    });
    response.end(request.method === "HEAD" ? undefined : body);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return httpTarget({ name, baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: `key-${name}` });
}

describe("the differential comparison", () => {
  it("finds no difference between two servers that differ only in request ids and dates", async () => {
    const [a, b] = [await fakeServer("a", "same"), await fakeServer("b", "same")];
    const fetched = await compareTargets(a, b, { requests: 60, seed: 1 });
    const raw = await compareRawTargets(a, b, { requests: 60, seed: 1 });
    expect(describeDisagreements(fetched) + describeDisagreements(raw)).toBe("");
  });

  it("finds a header that differs, and says how to replay the request that shows it", async () => {
    const [a, b] = [await fakeServer("a", "one"), await fakeServer("b", "two")];
    const fetched = await compareTargets(a, b, { requests: 60, seed: 1 });
    expect(fetched.disagreements.length).toBeGreaterThan(0);
    for (const { request } of fetched.disagreements) expect(request.path).toMatch(/^\/v1\/pets/);
    const [first] = fetched.disagreements;
    expect(first!.answers.a!.headers).toContainEqual(["x-flavour", "one"]);
    expect(first!.answers.b!.headers).toContainEqual(["x-flavour", "two"]);
    const report = describeDisagreements(fetched);
    expect(report).toContain("replay with CONFORMANCE_SEED=1");
    expect(report).toContain(`request #${first!.index}: `);
    expect(report).toContain(JSON.stringify(first!.request.path));

    const raw = await compareRawTargets(a, b, { requests: 60, seed: 1 });
    expect(raw.disagreements.length).toBeGreaterThan(0);
    const rawReport = describeDisagreements(raw);
    expect(rawReport).toContain("replay with CONFORMANCE_SEED=1");
    // The raw request's bytes, as written to the socket (CR and LF escaped).
    expect(rawReport).toContain(JSON.stringify(raw.disagreements[0]!.request.payload).slice(0, 60));
  });
});
