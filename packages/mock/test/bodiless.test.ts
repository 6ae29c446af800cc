import { operationTable, type ContractOperation } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, json, petstoreMock } from "../src/index";
import { operationById } from "../src/internal/contract";
import { assertContractBody } from "../src/internal/respond";
import { exampleRequest, methodsOf } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

const handlers = createPetstoreHandlers({ pets: [{ id: 1, name: "Rex", categoryId: 1 }] });
const server = useMockServer(handlers);
const base = "https://api.petstore.example/v1";
const auth = { authorization: "Bearer k" };

/** An error status the operation declares (a 5xx first), or 500 under its `default` response. */
function errorStatusOf(op: ContractOperation): number {
  const declared = Object.keys(op.responses).filter((status) => /^[45]\d\d$/.test(status) && status !== "401");
  const status =
    declared.find((s) => s.startsWith("5")) ?? declared[0] ?? ("default" in op.responses ? "500" : undefined);
  if (status === undefined) throw new Error(`${op.operationId} declares no error status an override could answer`);
  return Number(status);
}

describe("json() and bodiless statuses", () => {
  it("json(204) is a bodiless 204 instead of an error", async () => {
    const response = json(204);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    expect(json(202).status).toBe(202);
  });

  it("refuses a body on a status that never has one", () => {
    expect(() => json(204, { ok: true })).toThrow(
      /^\[@petstore\/mock\] a 204 response has no body: call json\(204\) without one/,
    );
    expect(() => json(304 as 204, {})).toThrow(/a 304 response has no body/);
  });

  it("an override's bodiless answer where the contract declares a body is reported, naming the status", async () => {
    server.use(
      petstoreMock.override("getPet", (({ json }: { json: (status: number) => Response }) => json(204)) as never),
    );
    const response = await fetch(`${base}/pets/1`, { headers: auth });
    expect(response.status).toBe(500);
    expect(await response.text()).toContain(
      "the override of getPet answered 204 without a body, which the contract does not declare for it",
    );
  });
});

describe("the handlers' answers to a status the contract declares without a body", () => {
  // The contract has no bodiless operation today (test/evolution.test.ts adds deletePet's 204): one with a 204 added.
  const getPet = operationById("getPet");
  const bodiless = { ...getPet, responses: { ...getPet.responses, "204": { headers: {} } } };

  it("accept no body, as the service sends a 204", () => {
    expect(() => assertContractBody(bodiless, 204, undefined, "the handlers")).not.toThrow();
  });

  it("refuse a body on it, naming the status", () => {
    expect(() => assertContractBody(bodiless, 204, { id: 1 }, "the handlers")).toThrow(
      "[@petstore/mock] the handlers answered getPet (GET /pets/{petId}) with a 204 body, but the contract declares 204 without one.",
    );
  });

  it("still refuse a status the contract does not declare", () => {
    expect(() => assertContractBody(getPet, 204, undefined, "the handlers")).toThrow(
      "with status 204, which the contract does not declare for it.",
    );
  });
});

describe("overrides and scenarios for every method of the contract", () => {
  it("each contract operation can be overridden by method and path, and by operationId", async () => {
    for (const op of operationTable) {
      const status = errorStatusOf(op);
      const answer = () => json(status, { code: "overridden", message: `${op.operationId} overridden.`, status });
      const byPath = (
        petstoreMock.http as unknown as Record<string, (path: string, resolver: () => Response) => never>
      )[op.method.toLowerCase()]!;
      const request = exampleRequest(op, 1);
      const send = () =>
        fetch(`${base}${request.path}`, {
          method: op.method,
          headers: { ...auth, "content-type": "application/json" },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
        });
      for (const override of [
        byPath(op.path, answer),
        petstoreMock.override(op.operationId as never, answer as never),
      ]) {
        server.use(override);
        const response = await send();
        expect({ op: op.operationId, status: response.status }).toEqual({ op: op.operationId, status });
        expect(await response.json()).toMatchObject({ code: "overridden" });
        server.resetHandlers();
      }
    }
  });

  it("a method the contract does not define on the path is refused by name, for http.* of every method", () => {
    const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;
    for (const path of new Set(operationTable.map((op) => op.path))) {
      const served = methodsOf(operationTable, path).map((method) => method.toLowerCase());
      for (const method of methods.filter((candidate) => !served.includes(candidate))) {
        const escaped = path.replace(/[{}]/g, "\\$&");
        expect(() =>
          (petstoreMock.http[method] as (path: string, resolver: () => undefined) => unknown)(path, () => undefined),
        ).toThrow(new RegExp(`the contract has no ${method.toUpperCase()} "${escaped}"`));
      }
    }
  });
});
