// A request body that fails mid-read (a stream that errors) is a request the service cannot read: the answer is the
// service's 400 Error body with X-Request-Id, never MSW's 500 carrying a stack.
import { errorCodeByStatus, operationTable, type Pet } from "@petstore/contract";
import { messages } from "@petstore/service";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers } from "../src/index";
import { exampleRequest } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

const KEY = "unreadable-key";
const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const handlers = createPetstoreHandlers({ pets: [rex], apiKeys: [KEY] });
const server = useMockServer(handlers);
const base = handlers.baseUrls[0]!;
const bodyOperations = operationTable.filter((op) => op.requestBody !== undefined);

/** A body whose stream sends a first chunk, then fails. */
function failingBody(): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) controller.error(new Error("the upload broke"));
      else {
        sent = true;
        controller.enqueue(new TextEncoder().encode('{"name":'));
      }
    },
  });
}

const send = (op: (typeof operationTable)[number], headers: Record<string, string>, extra: RequestInit = {}) =>
  fetch(`${base}${exampleRequest(op, rex.id).path}`, {
    method: op.method,
    headers: { "content-type": "application/json", "x-request-id": "req-unreadable-1", ...headers },
    body: failingBody(),
    duplex: "half",
    ...extra,
  } as RequestInit);

describe("a request body that fails mid-read", () => {
  it.each(bodyOperations.map((op) => [op.operationId, op] as const))(
    "%s: the service's 400 with X-Request-Id, no stack, nothing stored",
    async (_id, op) => {
      const answer = await send(op, { authorization: `Bearer ${KEY}` });
      const text = await answer.text();
      expect(answer.status).toBe(400);
      expect(answer.headers.get("x-request-id")).toBe("req-unreadable-1");
      expect(JSON.parse(text)).toEqual({ code: errorCodeByStatus[400], message: messages.unreadableBody, status: 400 });
      expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
      expect(handlers.store.all()).toEqual([rex]);
      expect(handlers.requests.all().map((entry) => entry.status)).toEqual([400]);
    },
  );

  it("a bad key still gets its 401 first", async () => {
    const answer = await send(bodyOperations[0]!, { authorization: "Bearer wrong" });
    expect(answer.status).toBe(401);
  });

  it("under a scenario too: the scenario does not answer it", async () => {
    const op = bodyOperations[0]!;
    server.use(handlers.scenario.serverError(op.operationId, { times: 1 }));
    const answer = await send(op, { authorization: `Bearer ${KEY}` });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("x-request-id")).toBe("req-unreadable-1");
  });
});
