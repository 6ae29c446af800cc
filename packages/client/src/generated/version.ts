// Generated from package.json by `pnpm --filter @petstore/client generate`. Do not edit by hand.
// `pnpm --filter @petstore/client lint` fails when this file is stale.

/** The version of @petstore/client, sent in the `x-petstore-client` header. */
export const VERSION = "0.0.0";
