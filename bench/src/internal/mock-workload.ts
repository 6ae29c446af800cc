import type { Pet } from "@petstore/client";
import { benchApiKey, inProcessBaseUrl, makePets } from "../fixtures";

/** The SDK surface the workload calls (`@petstore/client`'s client). */
export interface WorkloadClient {
  pets: {
    list(params?: { limit?: number; status?: "available" | "pending" | "sold" }): Promise<Pet[]>;
    create(pet: { name: string; categoryId: number }): Promise<Pet>;
    get(id: number): Promise<Pet>;
  };
}

/** Where both mocks answer, what they hold and which key they accept. */
export const mockSetup = { baseUrl: inProcessBaseUrl, apiKey: benchApiKey, pets: makePets(20) } as const;

/**
 * Call `i` of the mock workload: a cycle of the SDK's everyday calls — list 20, create (with the SDK's automatic
 * Idempotency-Key), get by id (the deprecated operation, so its headers too), list filtered by status.
 */
export function workloadCall(client: WorkloadClient, i: number): Promise<unknown> {
  switch (i % 4) {
    case 0:
      return client.pets.list({ limit: 20 });
    case 1:
      return client.pets.create({ name: `Pet ${i}`, categoryId: (i % 5) + 1 });
    case 2:
      return client.pets.get((i % 20) + 1);
    default:
      return client.pets.list({ status: "available", limit: 5 });
  }
}

/** Run calls `0…count-1` of the workload one after another; returns every result. */
export async function runWorkload(client: WorkloadClient, count: number): Promise<unknown[]> {
  const results: unknown[] = [];
  for (let i = 0; i < count; i++) results.push(await workloadCall(client, i));
  return results;
}
