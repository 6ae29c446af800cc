import {
  BadRequestError,
  ConnectionError,
  createPetstoreClient,
  InternalServerError,
  NotFoundError,
  PetstoreError,
  RateLimitError,
  TimeoutError,
} from "@petstore/client";
import { operationTable, type Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, createScenarios, petstoreMock, type ScenarioOptions } from "../src/index";
import { allowOf, UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";
import { useMockServer } from "./helpers/mock-server";

const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const handlers = createPetstoreHandlers({ pets: [rex] });
const server = useMockServer(handlers);

/** The SDK with its retry waits recorded instead of slept, so a test neither waits nor depends on the clock. */
function recordingClient(options: { maxRetries?: number; timeout?: number } = {}) {
  const waits: number[] = [];
  const petstore = createPetstoreClient({
    apiKey: "test-key",
    onDeprecation: false,
    random: () => 0,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { petstore, waits };
}

describe("serverError", () => {
  it("answers 500 internal_error N times, then normally: the SDK's 2 default retries absorb 2 errors", async () => {
    server.use(petstoreMock.scenario.serverError("listPets", { times: 2 }));
    const { petstore, waits } = recordingClient();
    expect(await petstore.pets.list()).toEqual([rex]);
    // Two retries, with the SDK's backoff (0.5 s, 1 s; no jitter with random 0).
    expect(waits).toEqual([500, 1000]);
  });

  it("fails with InternalServerError when errors outlast the retries (3 errors, maxRetries 2)", async () => {
    server.use(petstoreMock.scenario.serverError("listPets", { times: 3 }));
    const { petstore, waits } = recordingClient({ maxRetries: 2 });
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 500, code: "internal_error", requestId: expect.stringMatching(/^req_/) });
    expect(waits).toHaveLength(2);
    // Used up: the next call is answered normally.
    expect(await petstore.pets.list()).toEqual([rex]);
  });

  it("answers every request until resetHandlers() without times", async () => {
    server.use(petstoreMock.scenario.serverError("getPet"));
    const { petstore } = recordingClient({ maxRetries: 5 });
    await expect(petstore.pets.get(1)).rejects.toBeInstanceOf(InternalServerError);
    server.resetHandlers();
    expect(await petstore.pets.get(1)).toEqual(rex);
  });

  it("lets the SDK retry a create safely: its Idempotency-Key is reused, so the pet is stored once", async () => {
    server.use(petstoreMock.scenario.serverError("createPet", { times: 1 }));
    const { petstore, waits } = recordingClient();
    const pet = await petstore.pets.create({ name: "Zed", categoryId: 2 });
    expect(waits).toHaveLength(1);
    expect(handlers.store.all()).toEqual([rex, pet]);
  });

  it("touches only the operation it names", async () => {
    server.use(petstoreMock.scenario.serverError("getPet"));
    const { petstore } = recordingClient({ maxRetries: 0 });
    expect(await petstore.pets.list()).toEqual([rex]);
  });
});

describe("rateLimited", () => {
  it("answers 429 rate_limited with Retry-After, and the SDK waits exactly that long before retrying", async () => {
    server.use(petstoreMock.scenario.rateLimited("listPets", { times: 1, retryAfter: 3 }));
    const { petstore, waits } = recordingClient();
    expect(await petstore.pets.list()).toEqual([rex]);
    expect(waits).toEqual([3000]);
  });

  it("sends Retry-After: 1 by default, and the SDK throws RateLimitError once retries are used up", async () => {
    server.use(petstoreMock.scenario.rateLimited("listPets"));
    const { petstore, waits } = recordingClient({ maxRetries: 1 });
    const error = await petstore.pets.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited" });
    expect((error as RateLimitError).headers["retry-after"]).toBe("1");
    expect(waits).toEqual([1000]);
  });
});

describe("networkError", () => {
  it("fails the request like a dropped connection: the SDK retries, then throws ConnectionError", async () => {
    server.use(petstoreMock.scenario.networkError("listPets"));
    const { petstore, waits } = recordingClient();
    await expect(petstore.pets.list()).rejects.toBeInstanceOf(ConnectionError);
    expect(waits).toHaveLength(2);
  });

  it("with times 1, the SDK's retry succeeds", async () => {
    server.use(petstoreMock.scenario.networkError("getPet", { times: 1 }));
    const { petstore } = recordingClient();
    expect(await petstore.pets.get(1)).toEqual(rex);
  });
});

describe("slow", () => {
  it("delays the answer past the SDK's timeout: TimeoutError after every attempt timed out", async () => {
    server.use(petstoreMock.scenario.slow("listPets", 60_000));
    const { petstore, waits } = recordingClient({ timeout: 20, maxRetries: 1 });
    await expect(petstore.pets.list()).rejects.toBeInstanceOf(TimeoutError);
    expect(waits).toHaveLength(1);
  });

  it("then answers normally: with times 1, the SDK's retry gets the pets", async () => {
    server.use(petstoreMock.scenario.slow("listPets", 60_000, { times: 1 }));
    const { petstore } = recordingClient({ timeout: 20, maxRetries: 1 });
    expect(await petstore.pets.list()).toEqual([rex]);
  });

  it("answers with the normal handler's response once the delay is over", async () => {
    server.use(petstoreMock.scenario.slow("getPet", 0));
    const { petstore } = recordingClient();
    expect(await petstore.pets.get(1)).toEqual(rex);
  });
});

describe("error", () => {
  it("sends the given Error: status, code and message, thrown by the SDK as the matching class", async () => {
    server.use(petstoreMock.scenario.error("getPet", 404, { code: "pet_archived", message: "Pet 1 was archived." }));
    const error = await recordingClient()
      .petstore.pets.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      code: "pet_archived",
      message: expect.stringContaining("Pet 1 was archived."),
    });
  });

  it("defaults the code to the contract's code for the status, and is not retried when the status is not retryable", async () => {
    server.use(petstoreMock.scenario.error("createPet", 400, {}, { times: 1 }));
    const { petstore, waits } = recordingClient();
    const error = await petstore.pets.create({ name: "Zed", categoryId: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("Scenario: createPet answers 400."),
    });
    expect(waits).toEqual([]);
  });

  it("covers statuses the operation only has through its default response, such as 503 (retried by the SDK)", async () => {
    server.use(petstoreMock.scenario.error("listPets", 503, { code: "maintenance" }, { times: 2 }));
    const { petstore, waits } = recordingClient();
    expect(await petstore.pets.list()).toEqual([rex]);
    expect(waits).toHaveLength(2);
  });

  it("reaches the SDK as a plain PetstoreError for a status without its own class, such as 409", async () => {
    server.use(petstoreMock.scenario.error("listPets", 409, { code: "conflict" }));
    const error = await recordingClient({ maxRetries: 0 })
      .petstore.pets.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PetstoreError);
    expect(error).toMatchObject({ status: 409, code: "conflict" });
  });
});

describe("error: the headers the service sends with the status", () => {
  it("a 401 carries the service's WWW-Authenticate challenge, as the handlers' own 401s do", async () => {
    server.use(petstoreMock.scenario.error("listPets", 401));
    const error = await recordingClient({ maxRetries: 0 })
      .petstore.pets.list()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      headers: expect.objectContaining({ "www-authenticate": 'Bearer realm="petstore"' }),
    });
  });

  it("a 503 carries the Retry-After the contract requires, and the SDK waits that long", async () => {
    server.use(petstoreMock.scenario.error("listPets", 503, {}, { times: 1 }));
    const { petstore, waits } = recordingClient();
    expect(await petstore.pets.list()).toEqual([rex]);
    expect(waits).toEqual([1000]);
    expect(handlers.requests.of("listPets")[0]?.status).toBe(503);
  });

  it("a 405 carries Allow with the methods of the operation's path", async () => {
    server.use(petstoreMock.scenario.error("listPets", 405));
    const error = await recordingClient({ maxRetries: 0 })
      .petstore.pets.list()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 405,
      code: "method_not_allowed",
      headers: expect.objectContaining({ allow: allowOf(operationTable, "/pets") }),
    });
  });
});

describe("scenarios of a handler set and createScenarios", () => {
  const local = "http://localhost:3999/v1";

  it("a set's scenarios apply under the set's base URLs; petstoreMock's do not reach other URLs", async () => {
    const custom = createPetstoreHandlers({ pets: [rex], baseUrls: [local] });
    server.use(...custom, petstoreMock.scenario.serverError("listPets"));
    const petstore = createPetstoreClient({ apiKey: "k", baseUrl: local, maxRetries: 0 });
    expect(await petstore.pets.list()).toEqual([rex]);
    server.use(custom.scenario.serverError("listPets"));
    await expect(petstore.pets.list()).rejects.toBeInstanceOf(InternalServerError);
  });

  it("createScenarios binds scenarios to given base URLs, and each scenario may name its own", async () => {
    server.use(...createPetstoreHandlers({ pets: [rex], baseUrls: [local, "http://127.0.0.1:4000/v1"] }));
    const scenarios = createScenarios({ baseUrls: [local] });
    server.use(
      scenarios.serverError("listPets"),
      scenarios.serverError("getPet", { baseUrls: ["http://127.0.0.1:4000/v1"] }),
    );
    const atLocal = createPetstoreClient({ apiKey: "k", baseUrl: local, maxRetries: 0, onDeprecation: false });
    const atLoopback = createPetstoreClient({
      apiKey: "k",
      baseUrl: "http://127.0.0.1:4000/v1",
      maxRetries: 0,
      onDeprecation: false,
    });
    await expect(atLocal.pets.list()).rejects.toBeInstanceOf(InternalServerError);
    expect(await atLocal.pets.get(1)).toEqual(rex);
    expect(await atLoopback.pets.list()).toEqual([rex]);
    await expect(atLoopback.pets.get(1)).rejects.toBeInstanceOf(InternalServerError);
  });
});

describe("bad arguments", () => {
  const scenario = petstoreMock.scenario;
  it.each<[string, () => unknown, RegExp]>([
    [
      "an unknown operation",
      () => scenario.serverError(UNKNOWN_OPERATION as "getPet"),
      new RegExp(
        `unknown operation "${UNKNOWN_OPERATION}": use one of ${operationTable.map((op) => op.operationId).join(", ")}`,
      ),
    ],
    ["times 0", () => scenario.serverError("listPets", { times: 0 }), /times must be a positive integer, got 0/],
    ["times 1.5", () => scenario.networkError("listPets", { times: 1.5 }), /times must be a positive integer, got 1.5/],
    [
      "bad baseUrls",
      () => scenario.serverError("listPets", { baseUrls: ["localhost"] } as ScenarioOptions),
      /"localhost" is not an absolute URL/,
    ],
    [
      "a negative retryAfter",
      () => scenario.rateLimited("listPets", { retryAfter: -1 }),
      /retryAfter must be whole seconds \(0 or more\), got -1/,
    ],
    [
      "slow without milliseconds",
      () => scenario.slow("listPets", undefined as unknown as number),
      /ms must be milliseconds from 0 to 2147483647, got undefined/,
    ],
    [
      "an error status of 200",
      () => scenario.error("getPet", 200),
      /error\("getPet", status\) needs an error status from 400 to 599, got 200/,
    ],
    [
      "an error body that is not an object",
      () => scenario.error("getPet", 404, "gone" as never),
      /Error body of a scenario must be an object such as \{ code, message \}/,
    ],
    [
      "an error code that is not a string",
      () => scenario.error("getPet", 404, { code: 7 as unknown as string }),
      /the Error body's code must be a string, got 7/,
    ],
    [
      "a misspelt option",
      () => scenario.serverError("listPets", { time: 1 } as ScenarioOptions),
      /the options of a listPets scenario: unknown option "time": use times, baseUrls/,
    ],
    [
      "a number instead of { times }",
      () => scenario.serverError("listPets", 1 as ScenarioOptions),
      /the options of a listPets scenario must be an object with times, baseUrls, auth, got 1/,
    ],
    [
      "null options",
      () => scenario.networkError("listPets", null as unknown as ScenarioOptions),
      /must be an object with times, baseUrls, auth, got null/,
    ],
    [
      "options where error's body goes",
      () => scenario.error("getPet", 503, { times: 1 } as never),
      /Error body of the getPet error scenario \(options come after it\): unknown option "times": use code, message/,
    ],
    [
      "a misspelt rateLimited option",
      () => scenario.rateLimited("listPets", { retry_after: 5 } as ScenarioOptions),
      /unknown option "retry_after": use times, baseUrls, auth, retryAfter/,
    ],
    [
      "a retryAfter no header can hold as an integer",
      () => scenario.rateLimited("listPets", { retryAfter: 1e21 }),
      /retryAfter must be whole seconds \(0 or more\), got 1e\+21/,
    ],
    [
      "a misspelt createScenarios option, at once",
      () => createScenarios({ baseUrl: "http://localhost:3000/v1" } as never),
      /createScenarios: unknown option "baseUrl": use baseUrls/,
    ],
    [
      "bad createScenarios baseUrls, at once",
      () => createScenarios({ baseUrls: ["nope"] }),
      /"nope" is not an absolute URL/,
    ],
  ])("refuses %s when the scenario is created", (_case, create, message) => {
    expect(create).toThrow(message);
    expect(create).toThrow(/^\[@petstore\/mock\] /);
  });
});
