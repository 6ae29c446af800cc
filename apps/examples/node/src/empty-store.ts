import { PetstoreError, type PetstoreClient } from "@petstore/client";
import { availablePets } from "./available-pets";

/** The command that adds an available pet to the Petstore API at `baseUrl`, with the key from PETSTORE_API_KEY. */
export function addPetCommand(baseUrl: string): string {
  const body = JSON.stringify({ name: "Rex", categoryId: 1, status: "available" });
  return `curl -X POST ${baseUrl}/pets -H "Authorization: Bearer $PETSTORE_API_KEY" -H "Content-Type: application/json" -d '${body}'`;
}

/**
 * Asks the API once at start: a fresh reference server has no pets, and `GET /available-pets` answering
 * `{"count":0}` would leave a newcomer guessing, so say how to add one. An API that fails is reported, not fatal.
 */
export async function reportEmptyStore(petstore: PetstoreClient, baseUrl: string): Promise<void> {
  try {
    if ((await availablePets(petstore, 1)).count > 0) return;
    console.log(
      `[@petstore/example-node] the Petstore API has no available pets yet; add one with:\n  ${addPetCommand(baseUrl)}`,
    );
  } catch (error) {
    if (!(error instanceof PetstoreError)) throw error;
    console.error(`[@petstore/example-node] the Petstore API did not answer as expected: ${error.message}`);
  }
}
