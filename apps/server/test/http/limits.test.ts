import { createPetstoreClient } from "@petstore/client";
import { categoryIdRange, petNameLength, requestLimits } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { API_KEY, call, createPet, useServer } from "../helpers/server";

const server = useServer();
const { max: nameMaxLength } = petNameLength;
const { min: categoryIdMinimum, max: categoryIdMaximum } = categoryIdRange;

describe("the contract's NewPet limits", () => {
  it("counts name characters as code points: maxLength emoji is a 201, one more character a 400 naming the limit", async () => {
    const atLimit = await createPet(server.current, { name: "🐕".repeat(nameMaxLength), categoryId: 1 });
    expect(atLimit.status).toBe(201);
    expect([...atLimit.body.name]).toHaveLength(nameMaxLength);
    const over = await createPet(server.current, { name: "x".repeat(nameMaxLength + 1), categoryId: 1 });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain(`1 to ${nameMaxLength} characters`);
  });

  it("refuses a categoryId outside the safe integers, and one a double would round, storing nothing", async () => {
    const before = (await call(server.current, "/v1/pets?limit=100")).body.length;
    for (const categoryId of [`${categoryIdMaximum + 1}`, `${categoryIdMinimum - 1}`, `${categoryIdMaximum - 1}.6`]) {
      const response = await call(server.current, "/v1/pets", {
        method: "POST",
        body: `{"name":"Rounded","categoryId":${categoryId}}`,
      });
      expect(response.status, categoryId).toBe(400);
      expect(response.body.message, categoryId).toContain("categoryId");
    }
    expect((await call(server.current, "/v1/pets?limit=100")).body).toHaveLength(before);
    const edge = await createPet(server.current, { name: "Edge", categoryId: categoryIdMaximum });
    expect(edge.body.categoryId).toBe(categoryIdMaximum);
  });

  it("the SDK refuses what the server would refuse before sending anything", async () => {
    let sent = 0;
    const petstore = createPetstoreClient({
      apiKey: API_KEY,
      baseUrl: server.current.baseUrl,
      fetch: (input, init) => {
        sent++;
        return fetch(input, init);
      },
    });
    await expect(petstore.pets.create({ name: "x".repeat(nameMaxLength + 1), categoryId: 1 })).rejects.toThrow(
      `pet.name must be 1 to ${nameMaxLength} characters; got ${nameMaxLength + 1}.`,
    );
    await expect(petstore.pets.create({ name: "", categoryId: 1 })).rejects.toThrow("pet.name must be 1 to");
    await expect(petstore.pets.create({ name: "Big", categoryId: categoryIdMaximum + 1 })).rejects.toThrow(
      `pet.categoryId must be an integer; got ${categoryIdMaximum + 1}.`,
    );
    await expect(petstore.pets.create({ name: "Half", categoryId: 1.5 })).rejects.toThrow(
      "pet.categoryId must be an integer",
    );
    expect(sent).toBe(0);
    const pet = await petstore.pets.create({ name: "🐕".repeat(nameMaxLength), categoryId: categoryIdMinimum });
    expect(pet.categoryId).toBe(categoryIdMinimum);
    expect(sent).toBe(1);
  });
});

describe("the contract's request limits", () => {
  it("takes a body of exactly x-request-limits.bodyBytes by default and refuses one byte more with a 413, storing nothing", async () => {
    const json = '{"name":"Padded","categoryId":1}';
    const padded = (bytes: number) => json + " ".repeat(bytes - json.length);
    const before = (await call(server.current, "/v1/pets?limit=100")).body.length;
    const over = await call(server.current, "/v1/pets", { method: "POST", body: padded(requestLimits.bodyBytes + 1) });
    expect(over.status).toBe(413);
    expect((await call(server.current, "/v1/pets?limit=100")).body).toHaveLength(before);
    const atLimit = await call(server.current, "/v1/pets", { method: "POST", body: padded(requestLimits.bodyBytes) });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.name).toBe("Padded");
  });
});
