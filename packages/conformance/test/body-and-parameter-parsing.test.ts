import { errorCodeByStatus } from "@petstore/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Target } from "../src/index";
import { startMockHttpTarget } from "../src/targets/mock-http";
import { startMswTarget } from "../src/targets/msw";
import { startReferenceServer } from "./helpers/reference-server";

// Edges of the service's parsing that a review found, on the reference server and on `@petstore/mock/http` over real
// HTTP (the same core behind the same Node adapter), and on the mock's MSW handlers (the core behind `fetch`): each
// answer is checked against the contract here, and the mock's against the server's.

const targets: Record<string, Target> = {};
beforeAll(async () => {
  targets.server = await startReferenceServer();
  targets["mock-http"] = await startMockHttpTarget();
  targets.msw = await startMswTarget();
});
afterAll(async () => {
  await targets.msw?.close();
  await targets["mock-http"]?.close();
  await targets.server?.close();
});

const encoder = new TextEncoder();

/** An answer without what differs between two requests (the request id). */
async function answerOf(response: Response): Promise<{ status: number; body: unknown }> {
  return { status: response.status, body: await response.json() };
}

/** Sends the same request to `name` and to the server: the answer of `name`, once it is the server's. */
async function sameAsServer(
  name: string,
  path: string,
  init: () => RequestInit = () => ({}),
): Promise<{ status: number; body: unknown }> {
  const answer = await answerOf(await send(targets[name]!, path, init()));
  if (name !== "server") expect(answer).toEqual(await answerOf(await send(targets.server!, path, init())));
  return answer;
}

function send(target: Target, path: string, init: RequestInit = {}): Promise<Response> {
  return target.fetch(`${target.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${target.apiKey}`, ...(init.headers as Record<string, string>) },
  });
}

/** A createPet body whose name holds `bytes`. */
function bodyWith(bytes: number[]): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...encoder.encode('{"name":"Rex'), ...bytes, ...encoder.encode('","categoryId":1}')]);
}

describe.each(["server", "mock-http", "msw"])("%s", (name) => {
  describe("a JSON body that is not UTF-8", () => {
    it.each([
      ["a byte that never starts a character", [0xff]],
      ["a lone continuation byte", [0x80]],
      ["a truncated sequence", [0xe2, 0x82]],
      ["an overlong encoding", [0xc0, 0xaf]],
      ["an encoded surrogate", [0xed, 0xa0, 0x80]],
    ])("is a 400 naming the fault, and stores nothing (%s)", async (_why, bytes) => {
      const target = targets[name]!;
      const before = await (await send(target, "/pets?limit=100")).json();
      const answer = await sameAsServer(name, "/pets", () => ({
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bodyWith(bytes),
      }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: errorCodeByStatus[400], status: 400 });
      expect((answer.body as { message: string }).message).toContain("not valid UTF-8");
      expect(await (await send(target, "/pets?limit=100")).json()).toEqual(before);
    });

    it("keeps valid UTF-8 as sent, four-byte characters included", async () => {
      const target = targets[name]!;
      const response = await send(target, "/pets", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bodyWith([...encoder.encode("é🐕")]),
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ name: "Rexé🐕" });
    });
  });
});
