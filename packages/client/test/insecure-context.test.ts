import { afterEach, describe, expect, it } from "vitest";
import { createPetstoreClient } from "../src/index";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const original = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(crypto), "randomUUID")!;
afterEach(() => {
  Object.defineProperty(Object.getPrototypeOf(crypto), "randomUUID", original);
});

describe("in an insecure context (a plain-http page), where crypto.randomUUID does not exist", () => {
  it("pets.create still sends a fresh v4 UUID Idempotency-Key, made with getRandomValues", async () => {
    Object.defineProperty(Object.getPrototypeOf(crypto), "randomUUID", { value: undefined, configurable: true });
    expect(typeof crypto.randomUUID).toBe("undefined");
    const { fetch, requests } = fakeFetch(jsonResponse(201, PET));
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: "http://192.0.2.1/v1", fetch, onDeprecation: false });
    await petstore.pets.create({ name: "Rex", categoryId: 1 });
    await petstore.pets.create({ name: "Rex", categoryId: 1 });
    const keys = requests.map((request) => request.headers.get("idempotency-key"));
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
