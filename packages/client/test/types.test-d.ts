import type { OperationId, PetStatus as ContractStatus } from "@petstore/contract";
import { describe, expectTypeOf, it } from "vitest";
import type {
  FetchInit,
  ListPetsParams,
  NewPet,
  Pet,
  PetstoreClient,
  PetstoreClientOptions,
  PetstorePromise,
  PetStatus,
  RequestOptions,
  WithResponse,
} from "../src/index";
import { createPetstoreClient } from "../src/index";
import type { OPERATIONS } from "../src/generated/operations";
import type { CLIENT_OPTIONS, REQUEST_OPTIONS } from "../src/options";
import { createPetstoreRawClient } from "../src/raw";

declare const petstore: PetstoreClient;

describe("public types", () => {
  it("methods resolve to Pet[] and Pet, and offer withResponse()", () => {
    expectTypeOf(createPetstoreClient).returns.toEqualTypeOf<PetstoreClient>();
    expectTypeOf(petstore.pets.list).returns.toEqualTypeOf<PetstorePromise<Pet[]>>();
    expectTypeOf(petstore.pets.list).returns.resolves.toEqualTypeOf<Pet[]>();
    expectTypeOf(petstore.pets.create).returns.resolves.toEqualTypeOf<Pet>();
    expectTypeOf(petstore.pets.get).returns.resolves.toEqualTypeOf<Pet>();
    expectTypeOf(petstore.pets.list().withResponse()).resolves.toEqualTypeOf<WithResponse<Pet[]>>();
    expectTypeOf<WithResponse<Pet>>().toHaveProperty("response").toEqualTypeOf<Response>();
    expectTypeOf<WithResponse<Pet>>().toHaveProperty("requestId").toEqualTypeOf<string | undefined>();
    expectTypeOf(petstore.withOptions).returns.toEqualTypeOf<PetstoreClient>();
  });

  it("PetStatus accepts a status a newer service adds, and still names the known ones", () => {
    expectTypeOf<"adopted">().toExtend<PetStatus>();
    expectTypeOf<ContractStatus>().toExtend<PetStatus>();
    expectTypeOf<PetStatus>().toEqualTypeOf<"available" | "pending" | "sold" | (string & {})>();
    expectTypeOf<Pet["status"]>().toEqualTypeOf<PetStatus | undefined>();
    // Not widened to plain `string`: editors keep offering the known values.
    expectTypeOf<PetStatus>().not.toEqualTypeOf<string>();
  });

  it("request types come from the contract; list filters take the statuses the service accepts", () => {
    expectTypeOf<ListPetsParams>().toEqualTypeOf<{ limit?: number; status?: ContractStatus }>();
    expectTypeOf<NewPet>().toHaveProperty("categoryId").toEqualTypeOf<number>();
    expectTypeOf<Pet>().toHaveProperty("id").toEqualTypeOf<number>();
  });

  it("pets.list rejects an unknown status and a non-numeric limit", () => {
    expectTypeOf(petstore.pets.list).parameter(0).toEqualTypeOf<ListPetsParams | undefined>();
    // @ts-expect-error "lost" is not a status the service filters by
    void petstore.pets.list({ status: "lost" });
    // @ts-expect-error limit is a number
    void petstore.pets.list({ limit: "x" });
  });

  it("pets.create requires name and categoryId", () => {
    // @ts-expect-error categoryId is missing
    void petstore.pets.create({ name: "Rex" });
    // @ts-expect-error name is missing
    void petstore.pets.create({ categoryId: 1 });
    void petstore.pets.create({ name: "Rex", categoryId: 1 });
  });

  it("every method takes RequestOptions last; headers take any HeadersInit", () => {
    expectTypeOf(petstore.pets.list).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(petstore.pets.create).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(petstore.pets.get).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    void petstore.pets.list({}, { headers: new Headers({ "x-trace": "1" }), query: { sort: "name", tag: ["a", "b"] } });
    void petstore.pets.list({}, { headers: [["x-trace", "1"]] });
    expectTypeOf<PetstoreClientOptions["headers"]>().toEqualTypeOf<HeadersInit | undefined>();
    // @ts-expect-error petId is a number
    void petstore.pets.get("1");
  });

  it("@petstore/client/raw is typed by the contract's paths", () => {
    const raw = createPetstoreRawClient({ apiKey: "k" });
    // @ts-expect-error /pet is not a path of the contract
    void raw.GET("/pet");
    void raw.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
  });

  it("the fetch option is called with a URL string and an init, so the global fetch fits", () => {
    type FetchOption = NonNullable<PetstoreClientOptions["fetch"]>;
    expectTypeOf(globalThis.fetch).toExtend<FetchOption>();
    expectTypeOf<FetchOption>().parameter(0).toEqualTypeOf<string>();
    expectTypeOf<FetchOption>().parameter(1).toEqualTypeOf<FetchInit>();
    expectTypeOf<FetchInit["signal"]>().toEqualTypeOf<AbortSignal>();
    const forwarding: FetchOption = (url, init) => fetch(url, { ...init, keepalive: true });
    void forwarding;
    // @ts-expect-error the client passes a URL string, not a Request
    const wrongInput: FetchOption = (request: Request) => fetch(request);
    void wrongInput;
  });

  it("the runtime tables of option checks, which reject misspelt options, hold every option and nothing else", () => {
    expectTypeOf<keyof typeof CLIENT_OPTIONS>().toEqualTypeOf<keyof PetstoreClientOptions>();
    expectTypeOf<keyof typeof REQUEST_OPTIONS>().toEqualTypeOf<keyof RequestOptions>();
  });

  it("idempotencyKey, whose rule the contract writes, is an optional string of RequestOptions", () => {
    expectTypeOf<RequestOptions>().toHaveProperty("idempotencyKey").toEqualTypeOf<string | undefined>();
    expectTypeOf<Pick<RequestOptions, "idempotencyKey">>().toEqualTypeOf<{ idempotencyKey?: string | undefined }>();
  });

  it("the client's generated operation table covers every OperationId of the contract", () => {
    expectTypeOf<keyof typeof OPERATIONS>().toEqualTypeOf<OperationId>();
  });
});
