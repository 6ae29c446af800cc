import {
  AuthenticationError,
  BadRequestError,
  createPetstoreClient,
  NotFoundError,
  type DeprecationInfo,
} from "@petstore/client";
import { describe, expect, it } from "vitest";
import { expectSchema } from "../helpers/contract";
import { API_KEY, useServer } from "../helpers/server";

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
