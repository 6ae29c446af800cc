import { defaultClientConditions, defaultServerConditions } from "vite";

/**
 * Resolve workspace packages to their TypeScript source (the `@petstore/source` export condition),
 * so tests never need a prior build.
 */
export const sourceConditions = {
  resolve: { conditions: ["@petstore/source", ...defaultClientConditions] },
  ssr: { resolve: { conditions: ["@petstore/source", ...defaultServerConditions], externalConditions: ["@petstore/source"] } },
};
