import { rm } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCopy, copyPackages, type PackagesCopy } from "../../scripts/operation-cost";

// The contract grows operations of every shape the SDK must handle without a hand-written line: path + body
// (PATCH, PUT), DELETE answering 204, and a POST answering 202 without a body. The copy's own `generate` and build
// make the SDK; these tests drive it with a fake fetch.
const error = { $ref: "#/components/responses/UnexpectedError" };
const shared = (name: string) => ({ $ref: `#/components/responses/${name}` });
// What the service answers before an operation runs, which the contract's lint requires each operation to declare.
const before = { "400": shared("BadRequest"), "401": shared("Unauthorized"), "503": shared("ServiceUnavailable") };
const beforeBody = { ...before, "413": shared("PayloadTooLarge"), "415": shared("UnsupportedMediaType") };
const petId = { $ref: "#/components/parameters/PetId" };
const petBody = (schema: string) => ({
  required: true,
  content: { "application/json": { schema: { $ref: `#/components/schemas/${schema}` } } },
});
const petAnswer = {
  description: "The animal.",
  content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
};
function grow(document: any) {
  document.components.schemas.PetPatch = {
    type: "object",
    properties: { name: { type: "string" }, status: { $ref: "#/components/schemas/PetStatus" } },
  };
  Object.assign(document.paths["/pets/{petId}"], {
    patch: {
      operationId: "updatePet",
      "x-sdk-method": "pets.update",
      summary: "Change an animal",
      parameters: [petId],
      requestBody: petBody("PetPatch"),
      responses: { "200": petAnswer, ...beforeBody, default: error },
    },
    put: {
      operationId: "replacePet",
      "x-sdk-method": "pets.replace",
      summary: "Replace an animal",
      parameters: [petId],
      requestBody: petBody("NewPet"),
      responses: { "200": petAnswer, ...beforeBody, default: error },
    },
    delete: {
      operationId: "deletePet",
      "x-sdk-method": "pets.delete",
      summary: "Remove an animal",
      parameters: [petId],
      responses: { "204": { description: "Removed." }, ...before, default: error },
    },
  });
  document.paths["/pets/sweeps"] = {
    post: {
      operationId: "sweepPets",
      summary: "Start a sweep",
      responses: { "202": { description: "Accepted; nothing to read." }, ...before, default: error },
    },
  };
}

interface Sent {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}
let copy: PackagesCopy;
let sdk: any;
let query: any;
const sent: Sent[] = [];
let answer: () => Response = () => new Response(null, { status: 204 });

async function fetch(url: string, init: RequestInit) {
  sent.push({
    method: init.method!,
    url,
    body: init.body ? JSON.parse(init.body as string) : undefined,
    headers: init.headers as Record<string, string>,
  });
  return answer();
}

beforeAll(async () => {
  copy = await copyPackages(grow);
  await buildCopy(copy);
  const dist = (file: string) => pathToFileURL(path.join(copy.dir("client"), "dist", file)).href;
  sdk = await import(dist("index.js"));
  query = await import(dist("query.js"));
}, 600_000);
afterAll(() => rm(copy.root, { recursive: true, force: true }));

const PET = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const client = () =>
  sdk.createPetstoreClient({ apiKey: "k", baseUrl: "http://petstore.test/v1", fetch, maxRetries: 0 });

describe("operations added to the contract, in the generated SDK", () => {
  it("PATCH takes the path parameter, then the body", async () => {
    answer = () => json(200, PET);
    sent.length = 0;
    await expect(client().pets.update(1, { name: "Rex" })).resolves.toEqual(PET);
    expect(sent).toMatchObject([{ method: "PATCH", url: "http://petstore.test/v1/pets/1", body: { name: "Rex" } }]);
  });

  it("PUT sends its body, checked like every body", async () => {
    answer = () => json(200, PET);
    sent.length = 0;
    await expect(client().pets.replace(2, { name: "Tom", categoryId: 2 })).resolves.toEqual(PET);
    expect(sent).toMatchObject([{ method: "PUT", url: "http://petstore.test/v1/pets/2", body: { name: "Tom" } }]);
    await expect(client().pets.replace(2, { name: "Tom" })).rejects.toThrow(/pet.categoryId must be an integer/);
    await expect(client().pets.update(0, {})).rejects.toThrow(/petId must be a positive integer; got 0/);
    expect(sent).toHaveLength(1);
  });

  it.each([
    ["DELETE answering 204", () => client().pets.delete(3), "DELETE", "/pets/3", 204],
    ["POST answering 202 without a body", () => client().pets.sweep(), "POST", "/pets/sweeps", 202],
  ])("%s resolves to undefined, and withResponse() gives the status", async (_, call, method, route, status) => {
    answer = () => new Response(null, { status });
    sent.length = 0;
    await expect(call()).resolves.toBeUndefined();
    const { data, status: given } = await call().withResponse();
    expect([data, given]).toEqual([undefined, status]);
    expect(sent[0]).toMatchObject({ method, url: `http://petstore.test/v1${route}`, body: undefined });
    expect(sent[0]!.headers["content-type"]).toBeUndefined();
  });

  it("a bodiless operation's error is still read and thrown", async () => {
    answer = () => json(404, { code: "not_found", message: "No pet 3.", status: 404 });
    await expect(client().pets.delete(3)).rejects.toMatchObject({ name: "NotFoundError", code: "not_found" });
  });

  it("gives each new operation TanStack mutation options; a method of several arguments takes them as a tuple", async () => {
    answer = () => json(200, PET);
    sent.length = 0;
    const queries = query.petstoreQueries(client());
    expect(queries.pets.update().mutationKey).toEqual(["petstore", "updatePet"]);
    await expect(queries.pets.update().mutationFn([5, { status: "sold" }])).resolves.toEqual(PET);
    answer = () => new Response(null, { status: 204 });
    await expect(queries.pets.delete().mutationFn(6)).resolves.toBeUndefined();
    await expect(queries.pets.sweep().mutationFn()).resolves.toBeUndefined();
    expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([
      "PATCH http://petstore.test/v1/pets/5",
      "DELETE http://petstore.test/v1/pets/6",
      "POST http://petstore.test/v1/pets/sweeps",
    ]);
  });
});
