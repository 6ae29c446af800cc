import { openapiDocument, type Pet } from "@petstore/contract";

/**
 * The example body the contract gives for `listPets` 200: what Prism serves, and what the MSW
 * handlers are seeded with so both mock paths return the same pets.
 */
export function listPetsExample(): Pet[] {
  const document = openapiDocument as unknown as {
    paths: Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> }>
    >;
  };
  const example = document.paths["/pets"]?.get?.responses?.["200"]?.content?.["application/json"]?.example;
  if (!Array.isArray(example)) throw new Error("[@petstore/bench] the contract has no listPets 200 example");
  return example as Pet[];
}
