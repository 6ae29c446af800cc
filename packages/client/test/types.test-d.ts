import { describe, expectTypeOf, it } from "vitest";
import type { ListPetsParams, NewPet, Pet, PetstoreClient, PetstoreClientOptions, PetStatus, RequestOptions } from "../src/index";
import { createPetstoreClient } from "../src/index";
import type { CLIENT_OPTION_KEYS, REQUEST_OPTION_KEYS } from "../src/options";

declare const petstore: PetstoreClient;

describe("public types", () => {
  it("methods return Pet[] and Pet", () => {
    expectTypeOf(createPetstoreClient).returns.toEqualTypeOf<PetstoreClient>();
    expectTypeOf(petstore.pets.list).returns.resolves.toEqualTypeOf<Pet[]>();
    expectTypeOf(petstore.pets.create).returns.resolves.toEqualTypeOf<Pet>();
    expectTypeOf(petstore.pets.get).returns.resolves.toEqualTypeOf<Pet>();
  });

  it("types come from the contract", () => {
    expectTypeOf<PetStatus>().toEqualTypeOf<"available" | "pending" | "sold">();
    expectTypeOf<ListPetsParams>().toEqualTypeOf<{ limit?: number; status?: PetStatus }>();
    expectTypeOf<NewPet>().toHaveProperty("categoryId").toEqualTypeOf<number>();
    expectTypeOf<Pet>().toHaveProperty("id").toEqualTypeOf<number>();
  });

  it("pets.list rejects an unknown status and a non-numeric limit", () => {
    expectTypeOf(petstore.pets.list).parameter(0).toEqualTypeOf<ListPetsParams | undefined>();
    // @ts-expect-error "lost" is not a PetStatus
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

  it("every method takes RequestOptions last", () => {
    expectTypeOf(petstore.pets.list).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(petstore.pets.create).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(petstore.pets.get).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    // @ts-expect-error petId is a number
    void petstore.pets.get("1");
  });

  it("raw is typed by the contract's paths", () => {
    // @ts-expect-error /pet is not a path of the contract
    void petstore.raw.GET("/pet");
    void petstore.raw.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
  });

  it("the fetch option takes the global fetch, a Request-only function, or one that passes the signal on", () => {
    type FetchOption = NonNullable<PetstoreClientOptions["fetch"]>;
    expectTypeOf(globalThis.fetch).toExtend<FetchOption>();
    expectTypeOf<(request: Request) => Promise<Response>>().toExtend<FetchOption>();
    expectTypeOf<FetchOption>().parameter(0).toEqualTypeOf<Request>();
    expectTypeOf<FetchOption>().parameter(1).toEqualTypeOf<{ signal: AbortSignal }>();
    const forwarding: FetchOption = (request, init) => fetch(request, init);
    void forwarding;
    // @ts-expect-error the client passes a Request, not a URL string
    const wrongInput: FetchOption = (url: string) => fetch(url);
    void wrongInput;
  });

  it("the runtime lists of option names, which reject misspelt options, hold every option and nothing else", () => {
    expectTypeOf<(typeof CLIENT_OPTION_KEYS)[number]>().toEqualTypeOf<keyof PetstoreClientOptions>();
    expectTypeOf<(typeof REQUEST_OPTION_KEYS)[number]>().toEqualTypeOf<keyof RequestOptions>();
  });
});
