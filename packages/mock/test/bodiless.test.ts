import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, json, petstoreMock } from "../src/index";
import { operationById } from "../src/internal/contract";
import { assertContractBody } from "../src/internal/respond";
import { useMockServer } from "./helpers/mock-server";

const handlers = createPetstoreHandlers({ pets: [{ id: 1, name: "Rex", categoryId: 1 }] });
const server = useMockServer(handlers);
const base = "https://api.petstore.example/v1";
const auth = { authorization: "Bearer k" };

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
    server.use(
      petstoreMock.http.get("/pets", ({ json }) => json(200, [])),
      petstoreMock.http.post("/pets", ({ json }) => json(201, { id: 7, name: "Zed", categoryId: 1 })),
      petstoreMock.http.get("/pets/{petId}", ({ json }) =>
        json(404, { code: "not_found", message: "No.", status: 404 }),
      ),
    );
    expect((await fetch(`${base}/pets`, { headers: auth })).status).toBe(200);
    expect(
      (
        await fetch(`${base}/pets`, {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(201);
    expect((await fetch(`${base}/pets/1`, { headers: auth })).status).toBe(404);
  });

  it("a method the contract does not define on the path is refused by name, for http.* of every method", () => {
    for (const method of ["put", "delete", "patch", "head", "options", "trace"] as const) {
      expect(() =>
        (petstoreMock.http[method] as (path: string, resolver: () => undefined) => unknown)("/pets", () => undefined),
      ).toThrow(new RegExp(`the contract has no ${method.toUpperCase()} "/pets"`));
    }
  });
});
