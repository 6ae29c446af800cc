// Child process, compiled by the mock benchmark into bench/.tmp and run with plain `node` (no loader, so nothing
// but the measured libraries is compiled): cold import, handler creation, server start and 100 SDK calls through
// `@petstore/mock` (argv "petstore") or the openapi-msw handlers (argv "openapi-msw"). Prints the timings as JSON.
import { mockSetup, runWorkload } from "../internal/mock-workload";

const kind = process.argv[2];
if (kind !== "petstore" && kind !== "openapi-msw")
  throw new Error(`[@petstore/bench] usage: mock-cold.js <petstore|openapi-msw>, got ${kind}`);
const calls = Number(process.argv[3] ?? 100);

const started = performance.now();
const [{ setupServer }, { createPetstoreClient }, create] = await Promise.all([
  import("msw/node"),
  import("@petstore/client"),
  kind === "petstore"
    ? import("@petstore/mock").then(({ createPetstoreHandlers }) => () => [
        ...createPetstoreHandlers({
          baseUrls: [mockSetup.baseUrl],
          apiKeys: [mockSetup.apiKey],
          pets: [...mockSetup.pets],
        }),
      ])
    : import("../internal/openapi-msw-handlers").then(
        ({ createOpenApiMswHandlers }) =>
          () =>
            createOpenApiMswHandlers({ baseUrl: mockSetup.baseUrl, apiKeys: [mockSetup.apiKey], pets: mockSetup.pets })
              .handlers,
      ),
]);
const imported = performance.now();
const handlers = create();
const created = performance.now();
const server = setupServer(...handlers);
server.listen({ onUnhandledRequest: "error" });
const client = createPetstoreClient({ apiKey: mockSetup.apiKey, baseUrl: mockSetup.baseUrl, onDeprecation: false });
const listening = performance.now();
await runWorkload(client, calls);
const done = performance.now();
server.close();
process.stdout.write(
  JSON.stringify({
    bootMs: started,
    importMs: imported - started,
    createMs: created - imported,
    listenMs: listening - created,
    callsMs: done - listening,
    totalMs: done - started,
  }),
);
