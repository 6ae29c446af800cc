import {
  AuthenticationError,
  BadRequestError,
  createPetstoreClient,
  NotFoundError,
  type DeprecationInfo,
} from "@petstore/client";
import { operationTable } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createMemoryStore, startServer } from "../../src/index";
import { callSdk, exampleRequest } from "../../../../test/helpers/operations.ts";
import { expectSchema } from "../helpers/contract";
import { API_KEY, call, useServer } from "../helpers/server";

const server = useServer();

function client(options: { baseUrl?: string; apiKey?: string; onDeprecation?: (info: DeprecationInfo) => void } = {}) {
  return createPetstoreClient({
    apiKey: options.apiKey ?? API_KEY,
    baseUrl: options.baseUrl ?? server.current.baseUrl,
    maxRetries: 2,
    onDeprecation: options.onDeprecation ?? false,
  });
}

describe("the SDK against the reference server", () => {
  // Every operation of the contract, by its generated method: the SDK resolves with the body the server answers to
  // the same request sent over plain HTTP (two servers holding the same pet), or with nothing for a bodiless answer.
  it.each(operationTable.map((op) => [op.sdkMethod, op.operationId, op] as const))(
    "%s() (%s) resolves with what the server answers",
    async (_method, _id, operation) => {
      // Two servers holding the same pet, as the store makes it.
      const stores = [createMemoryStore(), createMemoryStore()];
      const created = await Promise.all(stores.map((store) => store.create({ name: "Rex", categoryId: 1 })));
      const id = created[0]!.pet.id;
      expect(created[1]!.pet).toEqual(created[0]!.pet);
      const [viaSdk, viaHttp] = await Promise.all(stores.map((store) => startServer({ apiKeys: [API_KEY], store })));
      try {
        const result = await callSdk(client({ baseUrl: viaSdk!.baseUrl }), operation, id);
        const request = exampleRequest(operation, id);
        const body = request.body === undefined ? undefined : JSON.stringify(request.body);
        const answer = await call(viaHttp!, `/v1${request.path}`, { method: request.method, body });
        expect(answer.status).toBeLessThan(300);
        expect(result).toEqual(answer.body);
      } finally {
        await Promise.all([viaSdk?.close(), viaHttp?.close()]);
      }
    },
  );

  it("creates, lists with a status filter and fetches pets", async () => {
    const petstore = client();
    const rex = await petstore.pets.create({ name: "Rex", categoryId: 1, status: "available" });
    await petstore.pets.create({ name: "Tom", categoryId: 2, status: "pending" });
    expectSchema("Pet", rex);
    const available = await petstore.pets.list({ status: "available", limit: 10 });
    expect(available).toEqual([rex]);
    expect(await petstore.pets.get(rex.id)).toEqual(rex);
  });

  it("reports getPet's deprecation once, with the removal date and the replacement's link", async () => {
    const seen: DeprecationInfo[] = [];
    const petstore = client({ onDeprecation: (info) => seen.push(info) });
    const pet = await petstore.pets.create({ name: "Old", categoryId: 1 });
    await petstore.pets.get(pet.id);
    await petstore.pets.get(pet.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.sunset?.toISOString()).toBe("2030-12-05T00:00:00.000Z");
    expect(seen[0]?.link).toBe("https://docs.petstore.example/#tag/animals/operation/listPets");
  });

  it("maps Error bodies to typed errors with the server's request id", async () => {
    const petstore = client();
    const notFound = await petstore.pets.get(987654).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect((notFound as NotFoundError).code).toBe("not_found");
    expect((notFound as NotFoundError).requestId).toMatch(/^req_/);
    // A status outside the enum passes the SDK's checks (a newer server may know it) and is the server's 400.
    await expect(petstore.pets.create({ name: "Rex", categoryId: 1, status: "lost" as "sold" })).rejects.toBeInstanceOf(
      BadRequestError,
    );
    await expect(client({ apiKey: "sk_wrong" }).pets.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
