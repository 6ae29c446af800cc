import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { operationTable } from "@petstore/contract";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import type { OpenApiDocument } from "../src/site/reference";
import { describeField, literal, operationFields, type Field, type TryItOperation } from "../src/try-it/fields";
import { tryItOperations } from "../src/try-it/operations";
import { prepareRequest } from "../src/try-it/request";
import { curlSample, sdkSample } from "../src/try-it/samples";
import { searchOperations } from "../src/try-it/search";

const contract = parse(
  await readFile(createRequire(import.meta.url).resolve("@petstore/contract/openapi.yaml"), "utf8"),
) as OpenApiDocument;
const operations = tryItOperations(contract);
const byId = (id: string) => operations.find((op) => op.operationId === id)!;
const field = (id: string, key: string) => byId(id).fields.find((f) => f.key === key)!;

describe("the try-it operations come from the contract's operation table", () => {
  test("one per operation, in document order, with each parameter and body property as a field", () => {
    expect(operations.map((op) => op.operationId)).toEqual(operationTable.map((op) => op.operationId));
    for (const operation of operationTable) {
      const keys = operationFields(operation).map((f) => f.key);
      const parameters = operation.parameters.map((p) => `${p.in}.${p.name}`);
      const body = Object.keys((operation.requestBody?.schema.properties ?? {}) as object).map((n) => `body.${n}`);
      expect(keys, operation.operationId).toEqual([...parameters, ...body]);
    }
  });

  test("fields carry the contract's limits, enums and requiredness", () => {
    const limit = field("listPets", "query.limit");
    const schema = operationTable.find((op) => op.operationId === "listPets")!.parameters[0]!.schema;
    expect(limit).toMatchObject({ in: "query", type: "integer", required: false });
    expect([limit.minimum, limit.maximum, limit.default]).toEqual([schema.minimum, schema.maximum, schema.default]);
    expect(field("createPet", "body.status").enum).toEqual(["available", "pending", "sold"]);
    expect(field("createPet", "body.name")).toMatchObject({ required: true, minLength: 1 });
    expect(field("createPet", "header.Idempotency-Key")).toMatchObject({ in: "header", required: false });
    expect(field("getPet", "path.petId")).toMatchObject({ in: "path", required: true, minimum: 1 });
  });

  test("each operation has its summary, SDK method, result shape, deprecation and the document's examples", () => {
    expect(byId("listPets")).toMatchObject({
      summary: "List all animals",
      sdkMethod: "pets.list",
      returnsList: true,
      examples: { "query.limit": "10", "query.status": "available" },
    });
    expect(byId("createPet")).toMatchObject({ sdkMethod: "pets.create", returnsList: false });
    // A header's example is not a starting value: one key sent with every later body would be refused.
    expect(byId("createPet").examples).toEqual({
      "body.name": "Rex",
      "body.categoryId": "1",
      "body.status": "available",
    });
    expect(byId("getPet").deprecation).toEqual({
      sunset: "2030-12-05T00:00:00Z",
      replacement: "GET /pets?status=…",
      sdkReplacement: "pets.list({ status })",
    });
    expect(byId("listPets").deprecation).toBeUndefined();
  });

  test("an operation the table lacks, or a path parameter without an example, fails with what to do", () => {
    const extra = structuredClone(contract);
    extra.paths["/orders"] = { get: { operationId: "listOrders" } };
    expect(() => tryItOperations(extra)).toThrow(
      "[@petstore/docs] operation listOrders (GET /orders) is not in @petstore/contract's operation table; run pnpm generate.",
    );
    const noExample = structuredClone(contract);
    const getPet = noExample.paths["/pets/{petId}"]!.get as unknown as { parameters: unknown[] };
    getPet.parameters = [{ name: "petId", in: "path", required: true, schema: { type: "integer" } }];
    expect(() => tryItOperations(noExample)).toThrow(
      "[@petstore/docs] parameter petId of getPet has no example to put in its code samples.",
    );
  });

  test("a request body without an example of its own takes its schema's, and fails without either", () => {
    const withBody = operationTable.filter((op) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(0);
    for (const operation of withBody) {
      const bare = structuredClone(contract);
      const described = bare.paths[operation.path]![operation.method.toLowerCase()] as unknown as {
        requestBody: unknown;
      };
      described.requestBody = { content: { "application/json": { schema: operation.requestBody!.schema } } };
      const examples = tryItOperations(bare).find((op) => op.operationId === operation.operationId)!.examples;
      const expected = Object.entries(operation.requestBody!.schema.example as object).map(([name, value]) => [
        `body.${name}`,
        String(value),
      ]);
      expect(Object.entries(examples).filter(([key]) => key.startsWith("body."))).toEqual(expected);
      const table = operationTable.map((op) =>
        op === operation ? { ...op, requestBody: { ...op.requestBody!, schema: { type: "object" } } } : op,
      );
      expect(() => tryItOperations(bare, table)).toThrow(
        `[@petstore/docs] the request body of ${operation.operationId} has no example to put in its code samples.`,
      );
    }
  });
});

describe("describeField says a field's limits in words", () => {
  const base: Field = { key: "query.x", name: "x", in: "query", required: false, type: "integer" };
  test.each<[Partial<Field>, string]>([
    [{ minimum: 1, maximum: 100, default: 20 }, "integer, 1–100, default 20, optional"],
    [{ minimum: 1, maximum: 2 ** 63 }, "integer, at least 1, optional"],
    [{ minimum: -(2 ** 63), maximum: 2 ** 63 }, "integer, optional"],
    [{ minimum: -(2 ** 53 - 1), maximum: 2 ** 53 - 1 }, "integer, -9007199254740991–9007199254740991, optional"],
    [{ maximum: 5 }, "integer, at most 5, optional"],
    [{ type: "string", minLength: 1, maxLength: 255, required: true }, "string, 1–255 characters, required"],
    [{ type: "string", minLength: 1 }, "string, at least 1 character, optional"],
    [{ type: "string", maxLength: 9 }, "string, at most 9 characters, optional"],
    [{ type: "string", enum: ["a", "b"] }, "one of a, b, optional"],
  ])("%j", (extra, words) => {
    expect(describeField({ ...base, ...extra })).toBe(words);
  });
});

describe("prepareRequest and the samples follow the values typed", () => {
  const BASE = "http://127.0.0.1:9/v1";

  test("query values are encoded, empty ones are not sent", () => {
    const request = prepareRequest(byId("listPets"), { "query.limit": "5", "query.status": "" }, `${BASE}/`);
    expect(request).toEqual({ method: "GET", url: `${BASE}/pets?limit=5`, headers: [] });
    const odd = prepareRequest(byId("listPets"), { "query.status": "a b&c" }, BASE);
    expect(new URL(odd.url).searchParams.get("status")).toBe("a b&c");
  });

  test("a path value is encoded into the path", () => {
    expect(prepareRequest(byId("getPet"), { "path.petId": "1/../2" }, BASE).url).toBe(`${BASE}/pets/1%2F..%2F2`);
  });

  test("body numbers stay exactly as typed, anything else in a number field is sent as a string for the service to refuse", () => {
    const values = { "body.name": 'Rex "the dog"', "body.categoryId": "9007199254740993", "body.status": "" };
    const request = prepareRequest(byId("createPet"), values, BASE);
    expect(request.body).toBe('{"name":"Rex \\"the dog\\"","categoryId":9007199254740993}');
    expect(request.headers).toEqual([["Content-Type", "application/json"]]);
    const text = prepareRequest(byId("createPet"), { "body.name": "Rex", "body.categoryId": "two" }, BASE);
    expect(JSON.parse(text.body!)).toEqual({ name: "Rex", categoryId: "two" });
    expect(literal(field("createPet", "body.categoryId"), "-3")).toBe("-3");
    expect(literal(field("createPet", "body.name"), "3")).toBe('"3"');
  });

  test("curl shows the values and header parameters, quoted for the shell, and never a key", () => {
    const values = { "body.name": "Rex's", "body.categoryId": "2", "header.Idempotency-Key": "k-1" };
    expect(curlSample(prepareRequest(byId("createPet"), values, BASE))).toBe(
      `curl -X POST '${BASE}/pets' \\\n  -H "Authorization: Bearer $PETSTORE_API_KEY" \\\n  -H 'Idempotency-Key: k-1' \\\n` +
        `  -H "Content-Type: application/json" \\\n  -d '{"name":"Rex'\\''s","categoryId":2}'\n`,
    );
  });

  test("the SDK call takes path values, then the body or query, then headers", () => {
    const call = (operation: TryItOperation, values: Record<string, string>) =>
      sdkSample(operation, values, { baseUrl: BASE }).match(/^(?:const \w+ = )?(await .*)$/m)![1];
    expect(call(byId("listPets"), {})).toBe("await petstore.pets.list();");
    expect(call(byId("listPets"), { "query.limit": "3" })).toBe("await petstore.pets.list({ limit: 3 });");
    expect(call(byId("getPet"), { "path.petId": "7" })).toBe("await petstore.pets.get(7);");
    expect(call(byId("createPet"), { "body.name": "Rex", "header.Idempotency-Key": "k" })).toBe(
      'await petstore.pets.create({ name: "Rex" }, { headers: { "Idempotency-Key": "k" } });',
    );
    const withHeader: TryItOperation = {
      ...byId("listPets"),
      fields: [
        ...byId("listPets").fields,
        { key: "header.X-Trace", name: "X-Trace", in: "header", required: false, type: "string" },
      ],
    };
    expect(call(withHeader, { "header.X-Trace": "t" })).toBe(
      'await petstore.pets.list(undefined, { headers: { "X-Trace": "t" } });',
    );
  });

  test("the SDK sample names the client's environment or base URL, the deprecation, and the result", () => {
    const staging = sdkSample(byId("listPets"), {}, { environment: "staging" });
    expect(staging).toContain('const petstore = createPetstoreClient({ environment: "staging" });');
    expect(staging).toContain("const pets = await petstore.pets.list();\nconsole.log(pets);");
    const get = sdkSample(byId("getPet"), { "path.petId": "1" }, { baseUrl: BASE });
    expect(get).toContain(`createPetstoreClient({ baseUrl: "${BASE}" })`);
    expect(get).toContain(
      "// Deprecated, removed on 2030-12-05: use petstore.pets.list({ status }) (GET /pets?status=…) instead.\nconst pet = await",
    );
    const { sdkReplacement: _, ...withoutSdk } = byId("getPet").deprecation!;
    expect(
      sdkSample({ ...byId("getPet"), deprecation: withoutSdk }, { "path.petId": "1" }, { baseUrl: BASE }),
    ).toContain("// Deprecated, removed on 2030-12-05: use GET /pets?status=… instead.\n");
    const bodiless = sdkSample({ ...byId("getPet"), returnsNothing: true }, { "path.petId": "1" }, { baseUrl: BASE });
    expect(bodiless).toContain('await petstore.pets.get(1);\nconsole.log("done");');
  });
});

describe("searchOperations", () => {
  // A fixed list, so the cases below do not change when the contract gains an operation.
  const fixture = [
    { operationId: "listPets", method: "GET", path: "/pets", summary: "List all animals", sdkMethod: "pets.list" },
    { operationId: "createPet", method: "POST", path: "/pets", summary: "Add an animal", sdkMethod: "pets.create" },
    { operationId: "getPet", method: "GET", path: "/pets/{petId}", summary: "Get an animal", sdkMethod: "pets.get" },
  ];
  test.each([
    ["pets.list", ["listPets"]],
    ["PETS.CREATE", ["createPet"]],
    ["createPet", ["createPet"]],
    ["animal", ["listPets", "createPet", "getPet"]],
    ["add animal", ["createPet"]],
    ["/pets/{petId}", ["getPet"]],
    ["get /pets", ["listPets", "getPet"]],
    ["pets.get", ["getPet"]],
    ["nothing-like-this", []],
    ["", ["listPets", "createPet", "getPet"]],
  ])("%j finds %j", (query, ids) => {
    expect(searchOperations(fixture, query).map((op) => op.operationId)).toEqual(ids);
  });

  test("finds every operation of the contract first by its operationId and by its SDK method", () => {
    for (const { operationId, sdkMethod } of operations) {
      expect(searchOperations(operations, operationId)[0]?.operationId, operationId).toBe(operationId);
      expect(searchOperations(operations, sdkMethod)[0]?.operationId, sdkMethod).toBe(operationId);
    }
    expect(searchOperations(operations, "").map((op) => op.operationId)).toEqual(
      operationTable.map((op) => op.operationId),
    );
  });

  test("a name that is or starts with the query comes before a match elsewhere", () => {
    // listPets matches "get" by its method only; getPet's operationId starts with it.
    expect(searchOperations(fixture, "get").map((op) => op.operationId)).toEqual(["getPet", "listPets"]);
    const pets = { operationId: "x", method: "GET", path: "/pets", summary: "", sdkMethod: "a.b" };
    const deeper = { ...pets, operationId: "y", path: "/pets/deeper" };
    const inSummary = { ...pets, operationId: "z", path: "/other", summary: "about /pets" };
    expect(searchOperations([inSummary, deeper, pets], "/pets").map((op) => op.operationId)).toEqual(["x", "y", "z"]);
  });
});
