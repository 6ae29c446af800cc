import { createPetstoreClient } from "@petstore/client";
import { startPetstoreMockServer, type RunningPetstoreMockServer } from "@petstore/mock/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeError, formProblem } from "../src/messages";

const API_KEY = "example-web-messages-key";
let api: RunningPetstoreMockServer;

beforeAll(async () => {
  api = await startPetstoreMockServer({ apiKeys: [API_KEY] });
});
afterAll(async () => api?.close());

/** The error the SDK throws for `call`, against an API that answers like the service. */
async function failure(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => expect.unreachable("the call succeeded"),
    (error: unknown) => error,
  );
}

describe("describeError: what the page shows for an SDK error", () => {
  it("shows the API's reason for a 400 without the SDK prefix, status or code, and keeps the request id", async () => {
    const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: api.baseUrl, maxRetries: 0 });
    const text = describeError(
      await failure(() => petstore.pets.create({ name: "Rex", categoryId: 1, status: "lost" as "sold" })),
    );
    expect(text).toMatch(/^The Petstore API refused it: Body field "status" .+\. \(reference req_\S+\)$/);
    expect(text).not.toMatch(/@petstore|invalid_request|400/);
  });

  it("tells the user what to do about a refused key and an unreachable server", async () => {
    const wrongKey = createPetstoreClient({ apiKey: "not-the-key", baseUrl: api.baseUrl, maxRetries: 0 });
    expect(describeError(await failure(() => wrongKey.pets.list()))).toMatch(
      /^The Petstore API refused this app's API key\. Set VITE_PETSTORE_API_KEY to a key the server accepts\. \(reference req_\S+\)$/,
    );
    const nowhere = createPetstoreClient({ apiKey: API_KEY, baseUrl: "http://127.0.0.1:9/v1", maxRetries: 0 });
    expect(describeError(await failure(() => nowhere.pets.list()))).toBe(
      "Could not reach the Petstore API. Is the server running?",
    );
  });

  it("shows the SDK's refusal of an argument without its prefix", async () => {
    const petstore = createPetstoreClient({ apiKey: API_KEY, baseUrl: api.baseUrl, maxRetries: 0 });
    const error = await failure(() => petstore.pets.create({ name: "Rex", categoryId: 1e20 }));
    expect(String(error)).toContain("[@petstore/client] ");
    expect(describeError(error)).toMatch(/^\w.*categoryId.*\.$/);
    expect(describeError(error)).not.toContain("@petstore");
  });
});

describe("formProblem", () => {
  it.each([
    [{ name: "", categoryId: 1 }, "Enter a name for the pet."],
    [{ name: "Rex", categoryId: 0 }, "Enter a whole number of 1 or more as the category."],
    [{ name: "Rex", categoryId: Number.NaN }, "Enter a whole number of 1 or more as the category."],
    [{ name: "Rex", categoryId: 1e20 }, "Enter a whole number of 1 or more as the category."],
    [{ name: "Rex", categoryId: 2 }, undefined],
  ])("%o → %s", (pet, problem) => {
    expect(formProblem(pet)).toBe(problem);
  });
});
