import { randomBytes } from "node:crypto";
import { buildApp } from "./internal/app";
import { BASE_PATH } from "./internal/routes";
import type { RunningServer, ServerOptions } from "./options";
import { createMemoryStore } from "./store/sqlite";

/** Creates a random API key in the `sk_dev_…` form the dev server prints. */
export function generateApiKey(): string {
  return `sk_dev_${randomBytes(18).toString("base64url")}`;
}

/** Starts the reference server and resolves once it is listening. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const apiKeys = options.apiKeys?.filter((key) => key.length > 0) ?? [generateApiKey()];
  if (apiKeys.length === 0) throw new Error("[@petstore/server] apiKeys is empty: give at least one non-empty key.");
  const store = options.store ?? createMemoryStore();
  const app = buildApp({
    apiKeys,
    store,
    logger: options.logger ?? false,
    logLevel: options.logLevel ?? "info",
    ...(options.logStream ? { logStream: options.logStream } : {}),
    corsOrigins: options.corsOrigins ?? ["*"],
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    requestTimeout: options.requestTimeout ?? 30_000,
  });
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  if (address === null || typeof address === "string")
    throw new Error("[@petstore/server] the server has no TCP address");
  const hostPart = address.family === "IPv6" ? `[${address.address}]` : address.address;
  const url = `http://${hostPart}:${address.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    baseUrl: url + BASE_PATH,
    apiKeys,
    setApiKeys(keys) {
      const accepted = keys.filter((key) => key.length > 0);
      if (accepted.length === 0) throw new Error("[@petstore/server] setApiKeys needs at least one non-empty key.");
      app.setApiKeys(accepted);
    },
    close: () => (closing ??= app.close().then(() => store.close())),
  };
}
