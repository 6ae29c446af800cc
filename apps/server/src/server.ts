import { randomBytes } from "node:crypto";
import { createService } from "@petstore/service";
import { healthRoutes, listenNode } from "@petstore/service/node";
import { createKeyVerifier } from "./internal/auth";
import { ServerLog } from "./internal/logging";
import type { RunningServer, ServerOptions } from "./options";
import { createMemoryStore } from "./store/sqlite";

/** Creates a random API key in the `sk_dev_…` form the dev server prints. */
export function generateApiKey(): string {
  return `sk_dev_${randomBytes(18).toString("base64url")}`;
}

/**
 * Starts the reference server and resolves once it is listening: the service core's pipeline over the chosen store,
 * served by its Node adapter, with the server's keys, logs and health checks.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const apiKeys = options.apiKeys?.filter((key) => key.length > 0) ?? [generateApiKey()];
  if (apiKeys.length === 0) throw new Error("[@petstore/server] apiKeys is empty: give at least one non-empty key.");
  const store = options.store ?? createMemoryStore();
  const log = options.logger
    ? new ServerLog({ level: options.logLevel ?? "info", ...(options.logStream ? { stream: options.logStream } : {}) })
    : undefined;
  // Swapped whole by `setApiKeys` (SIGHUP): a request uses the keys in force when it is authenticated.
  let verifyKey = createKeyVerifier(apiKeys);
  const service = createService({
    store,
    verifyKey: (token) => verifyKey(token),
    corsOrigins: options.corsOrigins ?? ["*"],
    bodyLimit: options.bodyLimit,
    onError: log?.failed,
  });
  const listener = await listenNode({
    handle: service.respond,
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    requestTimeout: options.requestTimeout ?? 30_000,
    // `/readyz` is 503 while the store cannot serve (PostgreSQL unreachable); a store without `ready` always can.
    routes: healthRoutes({ ready: () => store.ready?.() ?? true }),
    onRequest: log?.requested,
    onResponse: log?.answered,
    onClientError: log?.refused,
    onError: log?.failed,
  });
  log?.pino.info(`Server listening at ${listener.url}`);
  let closing: Promise<void> | undefined;
  return {
    url: listener.url,
    baseUrl: listener.url + service.basePath,
    apiKeys,
    setApiKeys(keys) {
      const accepted = keys.filter((key) => key.length > 0);
      if (accepted.length === 0) throw new Error("[@petstore/server] setApiKeys needs at least one non-empty key.");
      verifyKey = createKeyVerifier(accepted);
    },
    close: () => (closing ??= listener.close().then(() => store.close())),
  };
}
