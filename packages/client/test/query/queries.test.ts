import { hashKey, isCancelledError, MutationObserver, QueryClient, QueryObserver } from "@tanstack/query-core";
import { afterEach, describe, expect, it } from "vitest";
import { createPetstoreClient } from "../../src/index";
import { petstoreQueries } from "../../src/query/index";
import { PET } from "../helpers/fake-fetch";
import { json, startServer, type Handler, type TestServer } from "../helpers/server";

let server: TestServer | undefined;
let queryClient: QueryClient | undefined;

afterEach(async () => {
  queryClient?.clear();
  await server?.close();
  server = undefined;
  queryClient = undefined;
});

async function setup(handler: Handler) {
  server = await startServer(handler);
  const petstore = createPetstoreClient({ apiKey: "k", baseUrl: server.baseUrl, onDeprecation: false, maxRetries: 0 });
  // TanStack's own retries stay off: the SDK retries already (see the README).
  queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  return { queries: petstoreQueries(petstore), queryClient, received: server.received };
}

const unused = createPetstoreClient({ apiKey: "k", baseUrl: "http://127.0.0.1:9/v1" });

describe("petstoreQueries keys", () => {
  const queries = petstoreQueries(unused);

  it("names the operation and the params, in a stable order, without undefined values", () => {
    const a = queries.pets.list({ status: "available", limit: 5 }).queryKey;
    const b = queries.pets.list({ limit: 5, status: "available" }).queryKey;
    expect(a).toEqual(["petstore", "listPets", { limit: 5, status: "available" }]);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(queries.pets.list().queryKey).toEqual(queries.pets.list({ limit: undefined }).queryKey);
    expect(JSON.stringify(queries.pets.list().queryKey)).toBe('["petstore","listPets",{}]');
    expect(queries.pets.get(7).queryKey).toEqual(["petstore", "getPet", { petId: 7 }]);
    expect(queries.pets.create().mutationKey).toEqual(["petstore", "createPet"]);
  });

  it("gives different operations and different params different hashes", () => {
    const hashes = [
      queries.pets.list(),
      queries.pets.list({ limit: 5 }),
      queries.pets.list({ status: "sold" }),
      queries.pets.get(5),
    ].map((o) => hashKey(o.queryKey));
    expect(new Set(hashes).size).toBe(4);
  });

  it.each([
    ["limit 0", () => queries.pets.list({ limit: 0 }), /limit must be an integer from 1 to 100; got 0/],
    [
      "an unknown status",
      () => queries.pets.list({ status: "lost" as never }),
      /status must be one of \["available","pending","sold"\]/,
    ],
    ["a misspelt parameter", () => queries.pets.list({ limt: 5 } as never), /Unknown pets.list parameter "limt"/],
    ["petId 0", () => queries.pets.get(0), /petId must be a positive integer; got 0/],
    [
      "no client",
      () => petstoreQueries(undefined as never),
      /petstoreQueries\(client\) must be a client from createPetstoreClient\(\); got undefined/,
    ],
    [
      "the options object",
      () => petstoreQueries({ apiKey: "k" } as never),
      /petstoreQueries\(client\) must be a client/,
    ],
  ])("throws a TypeError for %s when the options are made", (_name, make, message) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });
});

describe("petstoreQueries in a real QueryClient over HTTP", () => {
  it("fetches a list once per key: params in another order hit the cache", async () => {
    const { queries, queryClient, received } = await setup((_req, res) => json(res, 200, [PET]));
    await expect(queryClient.fetchQuery(queries.pets.list({ status: "available", limit: 5 }))).resolves.toEqual([PET]);
    await expect(queryClient.fetchQuery(queries.pets.list({ limit: 5, status: "available" }))).resolves.toEqual([PET]);
    expect(received.map((r) => r.url)).toEqual(["/v1/pets?limit=5&status=available"]);
    expect(queryClient.getQueryData(queries.pets.list({ limit: 5, status: "available" }).queryKey)).toEqual([PET]);
  });

  it("feeds a QueryObserver, and invalidating the listPets prefix refetches every list but not getPet", async () => {
    const { queries, queryClient, received } = await setup((req, res) =>
      json(res, 200, req.url.startsWith("/v1/pets/") ? PET : [PET]),
    );
    const observer = new QueryObserver(queryClient, queries.pets.get(PET.id));
    const data = new Promise((resolve) => observer.subscribe((result) => result.isSuccess && resolve(result.data)));
    await expect(data).resolves.toEqual(PET);
    await queryClient.fetchQuery(queries.pets.list());
    await queryClient.fetchQuery(queries.pets.list({ limit: 1 }));
    received.length = 0;
    await queryClient.invalidateQueries({ queryKey: ["petstore", "listPets"], refetchType: "all" });
    expect(received.map((r) => r.url).sort()).toEqual(["/v1/pets", "/v1/pets?limit=1"]);
  });

  it("cancelling the query aborts its request in flight", async () => {
    let closed!: () => void;
    const requestClosed = new Promise<void>((resolve) => (closed = resolve));
    // Never answers: only the query's signal can end this request.
    const { queries, queryClient } = await setup((_req, res) => res.on("close", () => closed()));
    const options = queries.pets.list({ limit: 3 });
    const fetching = queryClient.fetchQuery(options).catch((error: unknown) => error);
    await new Promise<void>((resolve) => {
      const check = () => (server?.received.length ? resolve() : setTimeout(check, 5));
      check();
    });
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    await requestClosed;
    expect(isCancelledError(await fetching)).toBe(true);
  });

  it("runs create as a mutation: one POST with the pet and an Idempotency-Key", async () => {
    const { queries, queryClient, received } = await setup((req, res) =>
      json(res, 201, { ...JSON.parse(req.body), id: 9 }),
    );
    const observer = new MutationObserver(queryClient, queries.pets.create());
    await expect(observer.mutate({ name: "Rex", categoryId: 1 })).resolves.toEqual({
      id: 9,
      name: "Rex",
      categoryId: 1,
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: "POST",
      url: "/v1/pets",
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
    });
    expect(received[0]?.headers["idempotency-key"]).toMatch(/^.{8,}$/);
    expect(queryClient.getMutationCache().find({ mutationKey: ["petstore", "createPet"] })?.state.status).toBe(
      "success",
    );
  });

  it("surfaces the SDK's typed error as the query's error", async () => {
    const { queries, queryClient } = await setup((_req, res) =>
      json(res, 404, { code: "not_found", message: "No pet 5.", status: 404 }),
    );
    const error = await queryClient.fetchQuery(queries.pets.get(5)).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "NotFoundError", status: 404, code: "not_found" });
  });
});
