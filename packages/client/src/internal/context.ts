import type { PetstoreClientOptions } from "../options";
import type { DeprecationCheck } from "./deprecations";
import type { Transport } from "./transport";

/** What the typed methods and `raw` share, prepared once per client. */
export interface Context {
  options: PetstoreClientOptions;
  baseUrl: string;
  /** The SDK's own headers (`x-petstore-client`, `user-agent`), lower-cased; they win over the caller's. */
  headers: Record<string, string>;
  apiKey: () => Promise<string>;
  check: DeprecationCheck;
  send: Transport;
}
