import { createPetstoreClient } from "@petstore/client";
import { openapiDocument } from "@petstore/contract";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, generatePets } from "../src/index";
import { useMockServer } from "./helpers/mock-server";

// The contract's own Pet schema, read by an Ajv of the test's (not the mock's validators).
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isSafeInteger(n) });
ajv.addSchema(openapiDocument as object, "contract");
const validatePet = ajv.getSchema("contract#/components/schemas/Pet")!;

const handlers = createPetstoreHandlers({ pets: generatePets(150, { seed: 7 }) });
useMockServer(handlers);

describe("generatePets", () => {
  it("is deterministic for a seed, and another seed gives other pets", () => {
    expect(generatePets(50, { seed: 42 })).toEqual(generatePets(50, { seed: 42 }));
    expect(generatePets(50, { seed: 42 })).not.toEqual(generatePets(50, { seed: 43 }));
    expect(generatePets(3)).toEqual(generatePets(3, { seed: 1 }));
  });

  it("gives contract-valid pets with ascending ids from firstId and realistic names", () => {
    const pets = generatePets(500, { seed: 3, firstId: 10 });
    for (const pet of pets) expect(validatePet(pet), JSON.stringify(validatePet.errors)).toBe(true);
    expect(pets.map((pet) => pet.id)).toEqual(pets.map((_, index) => 10 + index));
    for (const pet of pets) expect(pet.name).toMatch(/^[A-Z][a-z]+$/);
    expect(new Set(pets.map((pet) => pet.name)).size).toBeGreaterThan(20);
    expect(new Set(pets.map((pet) => pet.status))).toEqual(new Set(["available", "pending", "sold", undefined]));
  });

  it("seeds the handlers for limit and filter tests", async () => {
    const petstore = createPetstoreClient({ apiKey: "test-key", onDeprecation: false });
    expect(await petstore.pets.list()).toHaveLength(20);
    expect(await petstore.pets.list({ limit: 100 })).toHaveLength(100);
    const sold = await petstore.pets.list({ status: "sold", limit: 100 });
    expect(sold.length).toBeGreaterThan(0);
    expect(sold.every((pet) => pet.status === "sold")).toBe(true);
  });

  it.each([
    ["a negative count", () => generatePets(-1), /count must be a whole number of pets/],
    ["a fractional count", () => generatePets(1.5), /count must be a whole number of pets/],
    ["a non-integer seed", () => generatePets(1, { seed: 0.5 }), /seed must be an integer/],
    ["firstId 0", () => generatePets(1, { firstId: 0 }), /firstId must be an integer from 1/],
    ["a misspelt option", () => generatePets(1, { sed: 1 } as object), /unknown option "sed"/],
  ])("refuses %s", (_case, call, message) => {
    expect(call).toThrow(message);
    expect(call).toThrow(/^\[@petstore\/mock\] /);
  });
});
