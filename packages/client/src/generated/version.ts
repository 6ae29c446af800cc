// Generated from package.json by `pnpm --filter @petstore/client generate`. Do not edit by hand.
// `pnpm --filter @petstore/client lint` fails when this file is stale.

/** The version of @petstore/client, sent in the `x-petstore-client` header. */
export const VERSION = "0.0.0";

/** What the SDK calls itself in the `x-petstore-client` and `User-Agent` headers: `@petstore/client/<VERSION>`. */
export const CLIENT_ID = "@petstore/client/0.0.0";
