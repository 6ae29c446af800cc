// Generated from openapi.yaml by `pnpm --filter @petstore/contract generate`: enums and limits.
// Do not edit by hand; a test fails when this file is stale.

/** Every value of `PetStatus`, in the contract's order. */
export const petStatuses = [
  "available",
  "pending",
  "sold"
] as const;

/** The request limits of `x-request-limits`: body bytes, JSON nesting depth, request line and header bytes. */
export const requestLimits = {
  "bodyBytes": 1048576,
  "jsonDepth": 64,
  "headerBytes": 16384
} as const;

/** How long `NewPet.name` may be, in Unicode code points (both inclusive). */
export const petNameLength = {
  "min": 1,
  "max": 255
} as const;

/** The range of `NewPet.categoryId` (both inclusive). */
export const categoryIdRange = {
  "min": -9007199254740991,
  "max": 9007199254740991
} as const;
