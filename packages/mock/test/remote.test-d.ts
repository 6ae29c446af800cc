import type { Pet } from "@petstore/contract";
import { describe, expectTypeOf, it } from "vitest";
import { UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";
import { connectPetstoreMock, type RemoteHandler, type RemotePetstoreMock } from "../src/http/index";
import type { JournalEntry, JournalEntryOf } from "../src/index";

declare const mock: RemotePetstoreMock;
const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };

describe("connectPetstoreMock", () => {
  it("takes the mock's URL and an optional token", () => {
    expectTypeOf(connectPetstoreMock).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(connectPetstoreMock("http://127.0.0.1:4010/v1", { token: "t" })).toEqualTypeOf<RemotePetstoreMock>();
    // @ts-expect-error the token is a string
    connectPetstoreMock("http://127.0.0.1:4010/v1", { token: 1 });
  });

  it("has the in-process set's scenarios, by operationId", () => {
    expectTypeOf(mock.scenario.serverError("listPets", { times: 2 })).toEqualTypeOf<RemoteHandler>();
    expectTypeOf(mock.scenario.rateLimited("getPet", { retryAfter: 3 })).toEqualTypeOf<RemoteHandler>();
    expectTypeOf(mock.scenario.slow("createPet", 100)).toEqualTypeOf<RemoteHandler>();
    // @ts-expect-error an operation the contract does not have
    mock.scenario.serverError(UNKNOWN_OPERATION);
    // @ts-expect-error base URLs are the server's own
    mock.scenario.networkError("listPets", { baseUrls: ["http://x.test/v1"] });
    expectTypeOf(mock.use).parameters.toEqualTypeOf<RemoteHandler[]>();
    expectTypeOf(mock.use).returns.toEqualTypeOf<Promise<void>>();
  });

  it("types an override's status and body from the contract, per operation", () => {
    mock.override("getPet", { status: 200, body: rex, times: 1, delay: 10, headers: { "x-a": "b" } });
    mock.override("listPets", { status: 200, body: [rex] });
    mock.override("getPet", { status: 404, body: { code: "not_found", message: "gone", status: 404 } });
    // @ts-expect-error getPet does not answer 201
    mock.override("getPet", { status: 201, body: rex });
    // @ts-expect-error listPets answers an array of pets
    mock.override("listPets", { status: 200, body: rex });
    // @ts-expect-error the body is required for a status that has one
    mock.override("getPet", { status: 200 });
  });

  it("reads the journal typed per operation, and seeds with Pets", () => {
    expectTypeOf(mock.requests.of("createPet")).resolves.toEqualTypeOf<JournalEntryOf<"createPet">[]>();
    expectTypeOf(mock.requests.all()).resolves.toEqualTypeOf<JournalEntry[]>();
    expectTypeOf(mock.requests.since(3)).resolves.toEqualTypeOf<JournalEntry[]>();
    expectTypeOf(mock.seed).parameter(0).toEqualTypeOf<readonly Pet[]>();
    // @ts-expect-error a seed pet needs a name
    void mock.seed([{ id: 1, categoryId: 1 }]);
    expectTypeOf(mock.clock.set).parameter(0).toEqualTypeOf<number | Date>();
  });
});
