import { createPetstoreClient, type PetstoreClient } from "@petstore/client";
import type { AppConfig } from "./config";

/** The SDK client for `config`; in mock mode it starts the MSW worker first. */
export async function connect(config: AppConfig): Promise<{ petstore: PetstoreClient; label: string }> {
  if (config.mode === "mock") {
    const { startMockWorker } = await import("./mock-worker");
    await startMockWorker();
    // The worker accepts any non-empty key; the client calls the real production URL, which it intercepts.
    return { petstore: createPetstoreClient({ apiKey: "mock-key" }), label: "mock (MSW service worker)" };
  }
  // A browser app exposes whatever key it holds: use a key scoped to this demo, or call through your backend.
  return {
    petstore: createPetstoreClient({ apiKey: config.apiKey, baseUrl: config.baseUrl }),
    label: `server (${config.baseUrl})`,
  };
}
