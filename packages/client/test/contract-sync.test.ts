import { openapiDocument, operations } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { PET_STATUSES } from "../src/internal/validate";
import { languageService } from "./helpers/typescript";

const usage = `import { createPetstoreClient } from "../src/index";
const petstore = createPetstoreClient({ apiKey: "k" });
export const one = petstore.pets.get(1);
export const all = petstore.pets.list();
`;

describe("the SDK stays in step with the contract", () => {
  const ts = languageService({ "usage.virtual.ts": usage });

  it("pets.get carries @deprecated naming the contract's removal date and replacement", () => {
    const deprecated = ts.tagsAt("usage.virtual.ts", "get(1)").find((tag) => tag.name === "deprecated");
    const { sunset, replacement } = operations.getPet.deprecation;
    expect(deprecated?.text).toContain(sunset.slice(0, 10));
    expect(deprecated?.text).toContain(replacement);
  }, 60_000);

  it("editors strike pets.get through (suggestion 6385) and nothing else", () => {
    expect(ts.errors("usage.virtual.ts")).toEqual([]);
    const deprecations = ts.suggestions("usage.virtual.ts").filter((d) => d.code === 6385 || d.code === 6387);
    expect(deprecations).toHaveLength(1);
    expect(deprecations[0]?.start).toBe(usage.indexOf("get(1)"));
  });

  it("the runtime PetStatus list equals the contract's enum", () => {
    expect([...PET_STATUSES]).toEqual(openapiDocument.components.schemas.PetStatus.enum);
  });
});
