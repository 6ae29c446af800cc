import { describe, expect, it } from "vitest";
import {
  ConflictError,
  createPetstoreClient,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  PetstoreError,
  UnprocessableEntityError,
  type FetchFunction,
} from "../src/index";
import { fakeFetch, jsonResponse } from "./helpers/fake-fetch";

const client = (fetch: FetchFunction) =>
  createPetstoreClient({ apiKey: "k", baseUrl: "http://127.0.0.1:1/v1", fetch, maxRetries: 0, onDeprecation: false });

describe("error bodies", () => {
  it("a 502 with an HTML body keeps the start of the text on error.body and says what it is", async () => {
    const html = `<html><body><h1>502 Bad Gateway</h1>${"x".repeat(2000)}</body></html>`;
    const { fetch } = fakeFetch(new Response(html, { status: 502, headers: { "content-type": "text/html" } }));
    const error = await client(fetch)
      .pets.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as PetstoreError).body).toBe(html.slice(0, 500));
    expect((error as Error).message).toMatch(/502 http_502: not an Error body \(text\/html\); see error\.body\./);
  });

  it("a 400 with extra fields exposes all of them on error.body", async () => {
    const body = { code: "invalid_request", message: "name is taken", status: 400, details: [{ field: "name" }] };
    const { fetch } = fakeFetch(jsonResponse(400, body));
    const error = await client(fetch)
      .pets.create({ name: "Rex", categoryId: 1 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "invalid_request", body });
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ body });
  });

  it.each([
    [403, PermissionDeniedError, "PermissionDeniedError"],
    [409, ConflictError, "ConflictError"],
    [422, UnprocessableEntityError, "UnprocessableEntityError"],
  ] as const)("%i is a %s, as in Stainless SDKs", async (status, Class, name) => {
    const { fetch } = fakeFetch(jsonResponse(status, { code: `c${status}`, message: "no", status }));
    const error = await client(fetch)
      .pets.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(PetstoreError);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ name, status });
  });
});

describe("instanceof and SDK errors", () => {
  it("plain objects and look-alike errors are not mistaken for SDK errors; subclasses are", () => {
    expect({ name: "NotFoundError" } instanceof NotFoundError).toBe(false);
    expect(Object.assign(new Error("x"), { name: "NotFoundError" }) instanceof NotFoundError).toBe(false);
    expect((null as unknown as object) instanceof PetstoreError).toBe(false);
    class Mine extends NotFoundError {}
    expect(new Mine("m", { code: "c" }) instanceof NotFoundError).toBe(true);
    expect(new Mine("m", { code: "c" }) instanceof PetstoreError).toBe(true);
    expect(new NotFoundError("m", { code: "c" }) instanceof Mine).toBe(true);
  });
});
