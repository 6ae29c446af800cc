import { createPetstoreHandlers } from "@petstore/mock";
import { setupWorker } from "msw/browser";

/**
 * Starts @petstore/mock in an MSW service worker answering under `baseUrl` (on the page's own origin, so a request
 * the worker did not take still stays on this host). One store for the visit: a pet created is then listed.
 */
export async function startMock(baseUrl: string): Promise<void> {
  const worker = setupWorker(...createPetstoreHandlers({ baseUrls: [baseUrl] }));
  await worker.start({
    quiet: true,
    onUnhandledRequest: "bypass",
    serviceWorker: { url: new URL("mockServiceWorker.js", document.baseURI).pathname },
  });
}
