import { setupServer, type SetupServerApi } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { PetstoreHandlers } from "../../src/index";

/**
 * The MSW lifecycle every test file here uses, as the README recommends it: one server for the file, unhandled
 * requests are errors, and after each test the per-test overrides and the handler set's store are reset.
 */
export function useMockServer(handlers: PetstoreHandlers): SetupServerApi {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    handlers.store.reset();
  });
  afterAll(() => server.close());
  return server;
}
