// Generated from openapi.yaml by `pnpm --filter @petstore/contract generate`: operation metadata and server URLs for runtime code.
// Do not edit by hand; a test fails when this file is stale.

/** Base URL of each environment the contract declares. */
export const servers = {
  "production": "https://api.petstore.example/v1",
  "staging": "https://staging.api.petstore.example/v1"
} as const;

/** Method, path and deprecation (from `x-deprecation`) of each operation, by operationId. */
export const operations = {
  "listPets": {
    "method": "GET",
    "path": "/pets"
  },
  "createPet": {
    "method": "POST",
    "path": "/pets"
  },
  "getPet": {
    "method": "GET",
    "path": "/pets/{petId}",
    "deprecation": {
      "deprecatedAt": "2025-12-05T00:00:00Z",
      "sunset": "2030-12-05T00:00:00Z",
      "replacement": "GET /pets?status=…",
      "link": "https://docs.petstore.example/#tag/animals/operation/listPets"
    }
  }
} as const;
