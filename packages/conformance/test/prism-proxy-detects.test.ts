import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allCapabilities, buildMatrix, runCase, type Target } from "../src/index";
import { startPrismProxyTarget } from "../src/targets/prism-proxy";

/**
 * An upstream that gets everything right except the body: pets with id 0, an empty name and a string categoryId.
 * Behind `prism proxy --errors` the case must fail on Prism's own report, or the zero-violation runs prove nothing.
 */
async function brokenUpstream(): Promise<Target> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json", "x-request-id": "req_broken" });
    response.end(JSON.stringify([{ id: 0, name: "", categoryId: "one" }]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    name: "broken",
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    fetch: (input, init) => fetch(input, init),
    apiKey: "any",
    capabilities: new Set(allCapabilities),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

let target: Target;
beforeAll(async () => {
  target = await startPrismProxyTarget({ errors: true, upstream: brokenUpstream });
});
afterAll(() => target.close());

describe("prism proxy --errors in front of an implementation that breaks the contract", () => {
  it("fails the case with the violations Prism reports", async () => {
    const result = await runCase(target, buildMatrix().find((kase) => kase.id === "listPets.ok")!);
    expect(result.outcome).toBe("fail");
    expect(result.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Prism contract violation at response\.body\.0\.id: .*>= 1/),
        expect.stringMatching(/^Prism contract violation at response\.body\.0\.categoryId: .*integer/),
      ]),
    );
  });
});
