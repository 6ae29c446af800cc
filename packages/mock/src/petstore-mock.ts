import { createOverrides, json, networkError } from "./override";
import { createScenarios } from "./scenarios";

const overrides = createOverrides();

/**
 * Helpers for the contract's default base URLs (production and staging). A handler set from
 * `createPetstoreHandlers({ baseUrls })` carries the same helpers bound to its own URLs.
 */
export const petstoreMock = {
  /** Failure scenarios: `server.use(petstoreMock.scenario.serverError("listPets", { times: 2 }))`. */
  scenario: createScenarios(),
  /** Typed overrides by method and path: `petstoreMock.http.get("/pets/{petId}", ({ json }) => json(200, pet))`. */
  http: overrides.http,
  /** A typed override by operationId: `petstoreMock.override("getPet", ({ json }) => json(404, error))`. */
  override: overrides.override,
  /** A JSON response for an override; the override checks it against the contract. */
  json,
  /** A network error for an override. */
  networkError,
};
