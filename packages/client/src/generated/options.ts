// Generated from @petstore/contract's openapi.yaml by `pnpm generate` (packages/client/scripts/generate.ts): the options whose rules and documentation the contract writes.
// Do not edit by hand; a test fails when this file is stale.

import type { Environment } from "@petstore/contract";
import { type Check, invalid } from "../internal/fail";

/** Checks an `Idempotency-Key` given to the SDK (option or header): 1 to 255 characters, each one a header value can carry. */
export const checkIdempotencyKey: Check = (name, value) =>
  (typeof value === "string" && /^[\t -~\x80-\xff]{1,255}$/.test(value)) || invalid(name, "1 to 255 characters", value);

/** The request option setting a create's `Idempotency-Key`, with the contract's rule (a part of `RequestOptions`). */
export interface IdempotencyKeyOption {
  /** `Idempotency-Key` for a create (1 to 255 characters), reused on every retry. Defaults to an `Idempotency-Key` in `headers`, else a fresh random UUID per call. */
  idempotencyKey?: string | undefined;
}

/** `environment` (one of the contract's servers, the first by default) or `baseUrl`, not both. */
export type ServerOptions =
  | {
      /** Which of the contract's servers to call: `"production"` (https://api.petstore.example/v1) or `"staging"` (https://staging.api.petstore.example/v1). Defaults to `"production"`. */
      environment?: Environment | undefined;
      /** Not with `environment`: pass one of them. */
      baseUrl?: undefined;
    }
  | {
      /** Not with `baseUrl`: pass one of them. */
      environment?: undefined;
      /** Base URL including `/v1`, for a local server or a proxy; cannot be combined with `environment`. Defaults to the environment's URL. */
      baseUrl?: string | undefined;
    };
