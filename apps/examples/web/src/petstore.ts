import { createPetstoreClient, type PetstoreClient } from "@petstore/client";
import type { AppConfig } from "./config";

/** The SDK client for `config`; in mock mode it starts the MSW worker first. */
export async function connect(config: AppConfig): Promise<{ petstore: PetstoreClient; label: string }> {
  if (config.mode === "server") {
    // A browser app exposes whatever key it holds: use a key scoped to this demo, or call through your backend.
    return {
      petstore: createPetstoreClient({ apiKey: config.apiKey, baseUrl: config.baseUrl }),
      label: `server (${config.baseUrl})`,
    };
  }
  // Vite replaces VITE_PETSTORE_MODE with its value at build time: in a server build this condition is
  // always true, so the bundler drops the import below and the build ships no msw code.
  if (import.meta.env.VITE_PETSTORE_MODE !== "mock") {
    throw new Error("[@petstore/example-web] mock mode needs VITE_PETSTORE_MODE=mock when the app is built");
  }
  const { startMockWorker } = await import("./mock-worker");
  await startMockWorker();
  // The worker accepts any non-empty key; the client calls the real production URL, which it intercepts.
  return { petstore: createPetstoreClient({ apiKey: "mock-key" }), label: "mock (MSW service worker)" };
}
