// A handler set compiles little when it is made: the service core compiles an operation when a request first calls it,
// and the set's gate is made when a scenario first asks. So the very first requests of a new set are the ones that
// could miss a check: each must be judged as every later one is.
import { operationTable, type ContractOperation, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers } from "../src/index";
import { exampleRequest } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

const KEY = "first-request-key";
const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };

/**
 * A request of `operation` its checks must refuse with a 400: a JSON array for a body, else "abc" for its first
 * integer parameter.
 */
function invalidRequest(operation: ContractOperation, base: string, key: string): [string, RequestInit] {
  const example = exampleRequest(operation, rex.id);
  const init = { method: operation.method, headers: { authorization: `Bearer ${key}` } };
  if (operation.requestBody)
    return [
      `${base}${example.path}`,
      { ...init, headers: { ...init.headers, "content-type": "application/json" }, body: "[]" },
    ];
  const param = operation.parameters.find((p) => p.schema.type === "integer");
  if (!param) throw new Error(`${operation.operationId} has neither a body nor an integer parameter to get wrong`);
  const path = param.in === "path" ? operation.path.replace(`{${param.name}}`, "abc") : example.path;
  const query = param.in === "query" ? `?${param.name}=abc` : "";
  return [`${base}${path.replace(/\{[^}]+\}/g, String(rex.id))}${query}`, init];
}

async function answer(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

describe("the first requests a new handler set answers", () => {
  const handlers = createPetstoreHandlers({ pets: [rex], apiKeys: [KEY] });
  const server = useMockServer(handlers);
  const base = handlers.baseUrls[0]!;

  it("are judged in full: a bad key is a 401 before anything else, then invalid input a 400, as later requests are", async () => {
    for (const op of operationTable) {
      const refused = await answer(...invalidRequest(op, base, "not-the-key"));
      expect({ op: op.operationId, status: refused.status }).toEqual({ op: op.operationId, status: 401 });
      const first = await answer(...invalidRequest(op, base, KEY));
      expect({ op: op.operationId, status: first.status }).toEqual({ op: op.operationId, status: 400 });
      expect(first.body).toMatchObject({ code: "invalid_request", status: 400 });
      expect(await answer(...invalidRequest(op, base, KEY))).toEqual(first);
    }
  });

  it("a scenario's first request, before the set's gate exists, gets the 401 of a bad key first", async () => {
    const fresh = createPetstoreHandlers({ pets: [rex], apiKeys: [KEY], baseUrls: ["http://first.test/v1"] });
    server.use(fresh.scenario.serverError("listPets"), ...fresh);
    const refused = await fetch("http://first.test/v1/pets", { headers: { authorization: "Bearer not-the-key" } });
    expect(refused.status).toBe(401);
    const failed = await fetch("http://first.test/v1/pets", { headers: { authorization: `Bearer ${KEY}` } });
    expect(failed.status).toBe(500);
  });
});
