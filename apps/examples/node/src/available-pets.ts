import type { Pet, PetstoreClient } from "@petstore/client";

/** What `GET /available-pets` answers: the pets a customer can adopt right now. */
export interface AvailablePets {
  count: number;
  pets: Pick<Pet, "id" | "name">[];
}

/** Lists the available pets (up to `limit`, sorted by name) through the SDK. */
export async function availablePets(petstore: PetstoreClient, limit = 100): Promise<AvailablePets> {
  const pets = await petstore.pets.list({ status: "available", limit });
  const listed = pets.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return { count: listed.length, pets: listed };
}
