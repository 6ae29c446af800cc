// Scenarios, overrides and `Prefer` stand around the service core, never beside it: they match requests through the
// core's one route matcher (so a percent-encoded path is the operation the service sees), and a request the core
// refuses before its operation runs (a body over the limit, a bad key, a bad parameter) gets the core's answer first.
import { errorCodeByStatus, operationTable, requestLimits, type Pet } from "@petstore/contract";
import { messages } from "@petstore/service";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "../src/http/index";
import { createPetstoreHandlers } from "../src/index";
import { exampleRequest } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

const KEY = "core-first-key";
const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const auth = { authorization: `Bearer ${KEY}` };
const tooLarge = JSON.stringify({ name: "x".repeat(2 * 1024 * 1024), categoryId: 1 });
const bodyOperation = operationTable.find((op) => op.requestBody !== undefined)!;

/** `/pets` with its first letter percent-encoded (`/%70ets`): the same path to the service. */
const encodedFirstLetter = (path: string) =>
  path.replace(/^\/(.)/, (_all, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);

/** A valid request of every operation, under `base`, with its path's first letter percent-encoded. */
function encodedRequests(base: string) {
  return operationTable.map((op) => {
    const example = exampleRequest(op, rex.id);
    return {
      op,
      url: `${base}${encodedFirstLetter(example.path)}`,
      init: {
        method: op.method,
        headers: { ...auth, "content-type": "application/json" },
        body: example.body === undefined ? undefined : JSON.stringify(example.body),
      } satisfies RequestInit,
    };
  });
}

describe("in process (MSW)", () => {
  const handlers = createPetstoreHandlers({ pets: [rex], apiKeys: [KEY] });
  const server = useMockServer(handlers);
  const base = handlers.baseUrls[0]!;

  it("a scenario answers its operation under a percent-encoded path, as the service matches it", async () => {
    for (const { op, url, init } of encodedRequests(base)) {
      server.use(handlers.scenario.serverError(op.operationId, { times: 1 }));
      handlers.requests.clear();
      const answer = await fetch(url, init);
      expect({ op: op.operationId, status: answer.status }).toEqual({ op: op.operationId, status: 500 });
      expect(handlers.requests.all().map((entry) => [entry.operationId, entry.status])).toEqual([
        [op.operationId, 500],
      ]);
      server.resetHandlers();
    }
  });

  it("a scenario answers under a percent-encoded base path (`/%761/pets` is `/v1/pets`)", async () => {
    const op = operationTable[0]!;
    const example = exampleRequest(op, rex.id);
    server.use(handlers.scenario.serverError(op.operationId, { times: 1 }));
    const encodedBase = base.replace(/\/v1$/, "/%761");
    expect(encodedBase).not.toBe(base);
    const answer = await fetch(`${encodedBase}${example.path}`, {
      method: op.method,
      headers: { ...auth, "content-type": "application/json" },
      body: example.body === undefined ? undefined : JSON.stringify(example.body),
    });
    expect(answer.status).toBe(500);
    expect(handlers.requests.all().map((entry) => [entry.operationId, entry.status])).toEqual([[op.operationId, 500]]);
  });

  it("an override answers a percent-encoded path too", async () => {
    server.use(
      handlers.override(bodyOperation.operationId, ({ json }) =>
        json(503, { code: errorCodeByStatus[503], message: "Down.", status: 503 } as never),
      ),
    );
    const { url, init } = encodedRequests(base).find(({ op }) => op === bodyOperation)!;
    expect((await fetch(url, init)).status).toBe(503);
  });

  it("the core's 413 comes before a scenario, which does not count the request", async () => {
    server.use(handlers.scenario.serverError(bodyOperation.operationId, { times: 1 }));
    const post = () =>
      fetch(`${base}${exampleRequest(bodyOperation, rex.id).path}`, {
        method: bodyOperation.method,
        headers: { ...auth, "content-type": "application/json" },
        body: tooLarge,
      });
    const refused = await post();
    expect(refused.status).toBe(413);
    expect(refused.headers.get("x-request-id")).toBeTruthy();
    expect(await refused.json()).toEqual({
      code: errorCodeByStatus[413],
      message: messages.bodyTooLarge(requestLimits.bodyBytes),
      status: 413,
    });
    // The scenario's one answer is still to come.
    const valid = exampleRequest(bodyOperation, rex.id);
    const answered = await fetch(`${base}${valid.path}`, {
      method: bodyOperation.method,
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify(valid.body),
    });
    expect(answered.status).toBe(500);
  });

  it("the core's 400 for a parameter it rejects comes before a scenario", async () => {
    const op = operationTable.find((candidate) => candidate.parameters.some((p) => p.in === "query"))!;
    const query = op.parameters.find((p) => p.in === "query")!;
    server.use(handlers.scenario.serverError(op.operationId));
    const answer = await fetch(`${base}${exampleRequest(op, rex.id).path}?${query.name}=%00not-a-value`, {
      headers: auth,
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { code: string }).code).toBe(errorCodeByStatus[400]);
  });
});

describe("over HTTP (@petstore/mock/http, the server `petstore-mock serve` runs)", () => {
  let mock: RunningPetstoreMockServer;
  beforeAll(async () => {
    mock = await startPetstoreMockServer({ pets: [rex], apiKeys: [KEY] });
  });
  afterEach(async () => {
    await fetch(`${mock.controlUrl}/reset`, { method: "POST" });
  });
  afterAll(() => mock.close());

  const control = (path: string, body: unknown) =>
    fetch(`${mock.controlUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("a scenario set through the control API answers a percent-encoded path, and the journal says so", async () => {
    for (const { op, url, init } of encodedRequests(mock.baseUrl)) {
      const set = await control("/scenarios", { scenario: "serverError", operationId: op.operationId, times: 5 });
      expect(set.status).toBeLessThan(300);
      expect({ op: op.operationId, status: (await fetch(url, init)).status }).toEqual({
        op: op.operationId,
        status: 500,
      });
      const journal = mock.handlers.requests.all();
      expect(journal.map((entry) => [entry.operationId, entry.status])).toEqual([[op.operationId, 500]]);
      await fetch(`${mock.controlUrl}/reset`, { method: "POST" });
    }
  });

  it("a percent-encoded base path is the API's: a scenario answers it, the journal records it", async () => {
    const op = operationTable[0]!;
    const example = exampleRequest(op, rex.id);
    const encodedBase = mock.baseUrl.replace(/\/v1$/, "/%761");
    expect(encodedBase).not.toBe(mock.baseUrl);
    const send = () =>
      fetch(`${encodedBase}${example.path}`, {
        method: op.method,
        headers: { ...auth, "content-type": "application/json" },
        body: example.body === undefined ? undefined : JSON.stringify(example.body),
      });
    const normal = await send();
    expect(normal.status).toBeLessThan(300);
    await control("/scenarios", { scenario: "serverError", operationId: op.operationId, times: 1 });
    expect((await send()).status).toBe(500);
    expect(mock.handlers.requests.all().map((entry) => [entry.operationId, entry.status])).toEqual([
      [op.operationId, normal.status],
      [op.operationId, 500],
    ]);
  });

  it("Prefer: code=500 with a body over the limit gets the core's 413 first", async () => {
    const answer = await fetch(`${mock.baseUrl}${exampleRequest(bodyOperation, rex.id).path}`, {
      method: bodyOperation.method,
      headers: { ...auth, "content-type": "application/json", prefer: "code=500" },
      body: tooLarge,
    });
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ code: errorCodeByStatus[413] });
  });
});
