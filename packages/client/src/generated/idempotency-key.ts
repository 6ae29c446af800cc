// Generated from @petstore/contract's openapi.yaml by `pnpm generate` (packages/client/scripts/generate.ts): the Idempotency-Key rule the idempotencyKey request option and the header follow.
// Do not edit by hand; a test fails when this file is stale.

import { type Check, invalid } from "../internal/fail";

/** Checks an `Idempotency-Key` given to the SDK (option or header): 1 to 255 characters, each one a header value can carry. */
export const checkIdempotencyKey: Check = (name, value) =>
  (typeof value === "string" && /^[\t -~\x80-\xff]{1,255}$/.test(value)) || invalid(name, "1 to 255 characters", value);

/** The request option setting a create's `Idempotency-Key`, with the contract's rule (a part of `RequestOptions`). */
export interface IdempotencyKeyOption {
  /** `Idempotency-Key` for a create (1 to 255 characters), reused on every retry. Defaults to an `Idempotency-Key` in `headers`, else a fresh random UUID per call. */
  idempotencyKey?: string | undefined;
}
