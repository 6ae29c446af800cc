import { createPetstoreHandlers } from "@petstore/mock";
import { setupWorker } from "msw/browser";

/** Pets the mock starts with. */
const SEED_PETS = [
  { id: 1, name: "Rex", categoryId: 1, status: "available" as const },
  { id: 2, name: "Mia", categoryId: 2, status: "pending" as const },
];

/**
 * Starts the MSW service worker with the Petstore handlers: from here on, the SDK's requests to the
 * production and staging URLs are answered inside the browser. Loaded only in mock mode, so a server
 * build ships no msw code.
 */
export async function startMockWorker(): Promise<void> {
  const worker = setupWorker(...createPetstoreHandlers({ pets: SEED_PETS }));
  await worker.start({ onUnhandledRequest: "bypass", quiet: true, serviceWorker: { url: "/mockServiceWorker.js" } });
}
