import { operationTable, requestErrorStatuses, requestLimits, type ContractOperation } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { exampleRequest } from "../../../test/helpers/operations.ts";
import {
  createMemoryStore,
  createService,
  PATH_PARAMETER_MAX_LENGTH,
  StoreUnavailableError,
  type PetStore,
  type RequestContext,
  type ServiceRequest,
} from "../src/index";

// The contract's `x-request-errors` lists, by what an operation has, the statuses the service answers before the
// operation runs; the lint makes every operation declare them. This holds the pipeline to that list both ways: every
// status it answers for a request that fails a part is listed for that part, and every listed status is answered.

const KEY = "sk_test";
type Part = keyof typeof requestErrorStatuses;

interface Sent {
  method: string;
  url: string;
  headers?: Record<string, string | string[]>;
  body?: string;
}

function serviceRequest({ method, url, headers = {}, body }: Sent): ServiceRequest {
  const copies = (name: string) => {
    const value = headers[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  };
  return {
    method,
    url,
    httpVersion: "1.1",
    header: (name) => (name === "host" ? "petstore.test" : copies(name).join(", ") || undefined),
    headerValues: (name) => copies(name),
    body: async (limit) => new TextEncoder().encode(body ?? "").slice(0, limit + 1),
  };
}

/** A store whose every operation fails as a store that is down does (whatever methods the interface grows). */
function unavailableStore(): PetStore {
  const fail = () => Promise.reject(new StoreUnavailableError("the store is down"));
  const close = () => Promise.resolve();
  return new Proxy({} as PetStore, {
    get: (_store, name) => (name === "close" ? close : name === "revision" || name === "ready" ? undefined : fail),
  });
}

/** Requests to `op` that fail one part each, with the context to send them in: what each part's statuses are for. */
function failing(op: ContractOperation): [Part, string, Sent, { context?: RequestContext; store?: PetStore }][] {
  const example = exampleRequest(op, 1);
  const json = example.body === undefined ? undefined : JSON.stringify(example.body);
  const valid = (headers: Record<string, string | string[]> = {}, url = `/v1${example.path}`): Sent => ({
    method: op.method,
    url,
    headers: { authorization: `Bearer ${KEY}`, ...(json ? { "content-type": "application/json" } : {}), ...headers },
    ...(json ? { body: json } : {}),
  });
  const cases: ReturnType<typeof failing> = [
    ["every", "while the host drains", valid(), { context: { draining: true } }],
    ["every", "while the store is unavailable", valid(), { store: unavailableStore() }],
    ["security", "without a key", valid({ authorization: [] }), {}],
    ["security", "with a key that is not accepted", valid({ authorization: "Bearer nope" }), {}],
    ["security", "with two Authorization headers", valid({ authorization: [`Bearer ${KEY}`, `Bearer ${KEY}`] }), {}],
  ];
  const long = "1".repeat(PATH_PARAMETER_MAX_LENGTH + 1);
  if (op.parameters.some((param) => param.in === "path"))
    cases.push([
      "parameters",
      "with a path parameter too long",
      valid({}, `/v1${op.path.replace(/\{[^}]+\}/g, long)}`),
      {},
    ]);
  for (const param of op.parameters.filter((p) => p.in === "query"))
    cases.push([
      "parameters",
      `with ${param.name} twice`,
      valid({}, `/v1${example.path}?${param.name}=1&${param.name}=2`),
      {},
    ]);
  for (const param of op.parameters.filter((p) => p.in === "header"))
    cases.push(["parameters", `with two ${param.name} headers`, valid({ [param.name.toLowerCase()]: ["a", "b"] }), {}]);
  if (op.requestBody) {
    cases.push(
      ["requestBody", "with a body that is not JSON", { ...valid(), body: "{" }, {}],
      ["requestBody", "with a text/plain body", valid({ "content-type": "text/plain" }), {}],
      ["requestBody", "with a body over the limit", { ...valid(), body: "x".repeat(requestLimits.bodyBytes + 1) }, {}],
    );
  }
  return cases;
}

const applies = (op: ContractOperation): Record<Part, boolean> => ({
  every: true,
  security: true,
  parameters: op.parameters.length > 0,
  requestBody: op.requestBody !== undefined,
});

describe.each(operationTable.map((op) => [op.operationId, op] as const))("%s's request errors", (_id, op) => {
  it("are the statuses x-request-errors lists for what it has, and only those", async () => {
    const answered: Record<Part, Set<number>> = {
      every: new Set(),
      security: new Set(),
      parameters: new Set(),
      requestBody: new Set(),
    };
    for (const [part, what, sent, { context, store }] of failing(op)) {
      const service = createService({
        store: store ?? createMemoryStore({ pets: [{ id: 1, name: "Rex", categoryId: 1 }] }),
        verifyKey: (token) => (token === KEY ? { scope: "primary" } : undefined),
      });
      const response = await service.handle(serviceRequest(sent), context);
      expect(requestErrorStatuses[part], `${what}: ${response.body}`).toContain(response.status);
      expect(op.responses, `${op.operationId} declares ${response.status}`).toHaveProperty(String(response.status));
      answered[part].add(response.status);
    }
    for (const part of Object.keys(answered) as Part[]) {
      const expected = applies(op)[part] ? [...requestErrorStatuses[part]].sort() : [];
      expect([...answered[part]].sort(), `x-request-errors.${part}`).toEqual(expected);
    }
  });
});
