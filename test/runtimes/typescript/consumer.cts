// A CommonJS TypeScript file: its imports compile to require(), so it gets the SDK's .d.cts types.
import { createPetstoreClient, NotFoundError, type Pet } from "@petstore/client";
import { petstoreQueries } from "@petstore/client/query";

export async function firstPending(apiKey: string, baseUrl: string): Promise<Pet | undefined> {
  const { queryFn } = petstoreQueries(createPetstoreClient({ apiKey, baseUrl })).pets.list({
    status: "pending",
    limit: 1,
  });
  try {
    const [pet] = await queryFn({ signal: AbortSignal.timeout(5_000) });
    return pet;
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
