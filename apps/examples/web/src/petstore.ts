import { createPetstoreClient, type PetstoreClient } from "@petstore/client";
import type { AppConfig } from "./config";

/** The SDK client for `config`; in mock mode it starts the MSW worker first. */
export async function connect(config: AppConfig): Promise<{ petstore: PetstoreClient; label: string }> {
  if (config.mode === "server") {
    // Every visitor can read a key in a page, so the SDK warns once in the console. A real product keeps the key on
    // a backend that calls the API (a proxy) and points baseUrl at it; a key meant to be public may say so with
    // dangerouslyAllowBrowser: true, as the mock mode below does.
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
  // The worker accepts any non-empty key; the client calls the real production URL, which it intercepts. This key
  // is no secret, so the page says so and the SDK does not warn.
  return {
    petstore: createPetstoreClient({ apiKey: "mock-key", dangerouslyAllowBrowser: true }),
    label: "mock (MSW service worker)",
  };
}
