import type { Writable } from "node:stream";
import type { PetStore } from "./store/types";

/** A pino log level. */
export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** Options of `startServer`. */
export interface ServerOptions {
  /** TCP port; 0 picks a free one (read it back from `url`). Defaults to 0. */
  port?: number;
  /** Interface to listen on. Defaults to "127.0.0.1". */
  host?: string;
  /** Accepted bearer tokens. Defaults to one random key, returned as `apiKeys`. */
  apiKeys?: string[];
  /** Where pets live: `createMemoryStore()`, `await createSqliteStore(path)` or `await createPostgresStore(url)`. Defaults to a new memory store. */
  store?: PetStore;
  /** Writes JSON logs (pino) with request ids. Defaults to false. */
  logger?: boolean;
  /** Where JSON logs go when `logger` is on. Defaults to stdout. */
  logStream?: Writable;
  /** pino level of the logs: "info" writes one line per request, "debug" also a line when each request arrives. Defaults to "info". */
  logLevel?: LogLevel;
  /** Origins allowed by CORS; `["*"]` allows any. Defaults to `["*"]`. */
  corsOrigins?: string[];
  /** Largest accepted request body in bytes. Defaults to the contract's `x-request-limits.bodyBytes` (1 MiB). */
  bodyLimit?: number;
  /**
   * Milliseconds a client may take to send a whole request (headers and body); a slower one gets a 408 and its
   * connection is closed, so a stalled client can neither hold a connection forever nor delay shutdown. Defaults to 30000.
   */
  requestTimeout?: number;
}

/** A running server. */
export interface RunningServer {
  /** `http://HOST:PORT`, without the API's base path. */
  url: string;
  /** `url` + `/v1`: pass this to the SDK as `baseUrl`. */
  baseUrl: string;
  /** The accepted API keys (useful when a random one was created). */
  apiKeys: string[];
  /** Replaces the accepted API keys from the next request on, without dropping a connection (SIGHUP uses it). */
  setApiKeys(keys: readonly string[]): void;
  /** Stops accepting connections, finishes in-flight requests, then closes the store. */
  close(): Promise<void>;
}
