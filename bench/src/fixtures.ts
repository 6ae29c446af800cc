import type { Pet, PetStatus } from "@petstore/contract";

const statuses: readonly PetStatus[] = ["available", "pending", "sold"];

/** `count` deterministic pets with ids 1…count, as the reference server would return them. */
export function makePets(count: number): Pet[] {
  return Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    name: `Pet ${i + 1}`,
    categoryId: (i % 5) + 1,
    status: statuses[i % statuses.length]!,
  }));
}

/** The bytes of a JSON body, as a server would send them. */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(value));
}

/** An API key accepted by the servers the benchmarks start. */
export const benchApiKey = "bench-key-0123456789";

/** A base URL that never leaves the process (used with injected fetch functions). */
export const inProcessBaseUrl = "http://127.0.0.1:9/v1";
