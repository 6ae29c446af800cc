import { describe, expect, it } from "vitest";
import { createPetstoreClient, PetstoreError } from "../src/index";
import { fakeFetch, jsonResponse, PET } from "./helpers/fake-fetch";

const client = (answer: Response) =>
  createPetstoreClient({
    apiKey: "k",
    baseUrl: "http://127.0.0.1:1/v1",
    fetch: fakeFetch(answer).fetch,
    maxRetries: 0,
    onDeprecation: false,
  });

describe("responses from a newer service", () => {
  it("a status this SDK does not know and extra fields pass through unchanged", async () => {
    const newer = [
      { ...PET, status: "adopted", adoptedAt: "2031-01-01", owner: { id: 9 } },
      { id: 2, name: "Tom", categoryId: 1 },
    ];
    await expect(client(jsonResponse(200, newer)).pets.list()).resolves.toEqual(newer);
    await expect(client(jsonResponse(200, newer[0])).pets.get(1)).resolves.toEqual(newer[0]);
    await expect(client(jsonResponse(201, newer[0])).pets.create({ name: "Rex", categoryId: 1 })).resolves.toEqual(
      newer[0],
    );
  });
});

describe("invalid_response: only a missing required field or a wrong JSON type", () => {
  it.each([
    ["a missing name in the second pet", [PET, { id: 2, categoryId: 1 }], "/1/name is missing"],
    ["an id of the wrong JSON type", [{ ...PET, id: "1" }], "/0/id must be an integer"],
    ["a status that is not a string", [{ ...PET, status: 3 }], "/0/status must be a string"],
    ["an object instead of the list", { pets: [] }, "/ must be an array"],
    ["a pet that is not an object", [PET, null], "/1 must be an object"],
  ])("%s names the JSON pointer and keeps the body", async (_name, body, problem) => {
    const error = await client(jsonResponse(200, body))
      .pets.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PetstoreError);
    expect(error).toMatchObject({ code: "invalid_response", status: 200, body });
    expect((error as Error).message).toContain(
      `got an invalid 200 response (${problem}); check baseUrl; see error.body.`,
    );
  });

  it("a body that is not JSON says so and keeps the start of the text", async () => {
    const error = await client(new Response("<html>login</html>", { status: 200 }))
      .pets.get(1)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "invalid_response",
      body: "<html>login</html>",
      message: expect.stringContaining("got an invalid 200 response (not JSON)"),
    });
  });
});
