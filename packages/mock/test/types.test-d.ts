import type { NewPet, Pet, PetstoreErrorBody } from "@petstore/contract";
import type { HttpHandler } from "msw";
import { describe, expectTypeOf, it } from "vitest";
import { UNKNOWN_OPERATION } from "../../../test/helpers/operations.ts";
import {
  createPetstoreHandlers,
  generatePets,
  json,
  petstoreMock,
  type BodyOf,
  type OperationAt,
  type OperationById,
  type PathParamsOf,
  type PathsWith,
  type QueryOf,
  type StatusOf,
  type TypedJson,
  type OverrideOptions,
  type PetstoreMockOptions,
  type ScenarioOptions,
} from "../src/index";

const pet: Pet = { id: 1, name: "Rex", categoryId: 1 };
const notFound: PetstoreErrorBody = { code: "not_found", message: "No pet.", status: 404 };

describe("paths and operations", () => {
  it("knows which contract paths each method has", () => {
    expectTypeOf<PathsWith<"get">>().toEqualTypeOf<"/pets" | "/pets/{petId}">();
    expectTypeOf<PathsWith<"post">>().toEqualTypeOf<"/pets">();
    expectTypeOf<OperationAt<"/pets/{petId}", "get">>().toEqualTypeOf<OperationById<"getPet">>();
  });

  it("rejects a path the contract does not have, or a method the path does not have", () => {
    // @ts-expect-error "/pet" is not a contract path
    petstoreMock.http.get("/pet", () => undefined);
    // @ts-expect-error POST is not defined on /pets/{petId}
    petstoreMock.http.post("/pets/{petId}", () => undefined);
    // @ts-expect-error not an operationId of the contract
    petstoreMock.override(UNKNOWN_OPERATION, () => undefined);
  });
});

describe("statuses and bodies", () => {
  it("infers the declared statuses, plus every 4xx/5xx through the default response", () => {
    expectTypeOf<200>().toExtend<StatusOf<OperationById<"getPet">>>();
    expectTypeOf<503>().toExtend<StatusOf<OperationById<"getPet">>>();
    expectTypeOf<201>().not.toExtend<StatusOf<OperationById<"getPet">>>();
    expectTypeOf<201>().toExtend<StatusOf<OperationById<"createPet">>>();
    expectTypeOf<200>().not.toExtend<StatusOf<OperationById<"createPet">>>();
    expectTypeOf<BodyOf<OperationById<"getPet">, 200>>().toEqualTypeOf<Pet>();
    expectTypeOf<BodyOf<OperationById<"listPets">, 200>>().toEqualTypeOf<Pet[]>();
    expectTypeOf<BodyOf<OperationById<"getPet">, 404>>().toEqualTypeOf<PetstoreErrorBody>();
    expectTypeOf<BodyOf<OperationById<"listPets">, 429>>().toEqualTypeOf<PetstoreErrorBody>();
  });

  it("accepts each declared status with its body", () => {
    petstoreMock.http.get("/pets/{petId}", ({ json }) => json(200, pet));
    petstoreMock.http.get("/pets/{petId}", ({ json }) => json(404, notFound));
    petstoreMock.http.get("/pets", ({ json }) => json(200, [pet]));
    petstoreMock.http.post("/pets", ({ json }) => json(201, pet));
    petstoreMock.override("listPets", ({ json }) =>
      json(429, { code: "rate_limited", message: "Slow down.", status: 429 }),
    );
  });

  it("rejects a status the operation does not declare", () => {
    petstoreMock.http.get("/pets/{petId}", ({ json }) =>
      // @ts-expect-error getPet has no 201
      json(201, pet),
    );
    petstoreMock.override("createPet", ({ json }) =>
      // @ts-expect-error createPet answers 201, not 200
      json(200, pet),
    );
  });

  it("rejects a body the contract forbids for the status", () => {
    petstoreMock.http.get("/pets/{petId}", ({ json }) =>
      // @ts-expect-error a Pet needs name and categoryId
      json(200, { id: 1 }),
    );
    petstoreMock.http.get("/pets", ({ json }) =>
      // @ts-expect-error listPets answers an array of pets, not one pet
      json(200, pet),
    );
    petstoreMock.override("getPet", ({ json }) =>
      // @ts-expect-error a 404 answers an Error body, not a Pet
      json(404, pet),
    );
    petstoreMock.http.get("/pets/{petId}", ({ json }) =>
      // @ts-expect-error "lost" is not a PetStatus
      json(200, { ...pet, status: "lost" }),
    );
  });

  it("rejects a plain Response or an untyped MSW response as the result", () => {
    // @ts-expect-error an override returns json(...), networkError() or undefined
    petstoreMock.override("getPet", () => new Response("{}"));
  });
});

describe("what the resolver receives", () => {
  it("types path parameters by the contract's names, as strings", () => {
    petstoreMock.http.get("/pets/{petId}", ({ params }) => {
      expectTypeOf(params).toEqualTypeOf<{ petId: string }>();
      expectTypeOf<PathParamsOf<OperationById<"getPet">>>().toEqualTypeOf<{ petId: string }>();
      return undefined;
    });
  });

  it("rejects a wrong path parameter name", () => {
    petstoreMock.http.get("/pets/{petId}", ({ params }) => {
      // @ts-expect-error the parameter is petId, not id
      void params.id;
      return undefined;
    });
  });

  it("types query parameters by the contract's names, as optional strings", () => {
    petstoreMock.http.get("/pets", ({ query }) => {
      expectTypeOf(query).toEqualTypeOf<QueryOf<OperationById<"listPets">>>();
      expectTypeOf(query.limit).toEqualTypeOf<string | undefined>();
      // @ts-expect-error listPets has no "page" parameter
      void query.page;
      return undefined;
    });
  });

  it("types the request body of createPet as NewPet", () => {
    petstoreMock.http.post("/pets", async ({ request, json }) => {
      const body = await request.json();
      expectTypeOf(body).toEqualTypeOf<NewPet>();
      return json(201, { id: 1, ...body });
    });
  });

  it("returns an MSW handler for server.use, and the handler set carries the same typed helpers", () => {
    expectTypeOf(petstoreMock.override("getPet", () => undefined)).toEqualTypeOf<HttpHandler>();
    const handlers = createPetstoreHandlers();
    expectTypeOf(handlers).toExtend<HttpHandler[]>();
    handlers.http.get("/pets/{petId}", ({ json }) => json(200, pet));
    // @ts-expect-error the set's overrides are typed too
    handlers.override("getPet", ({ json }) => json(200, [pet]));
  });
});

describe("journal entries", () => {
  it("are typed per operation: createPet's body is a NewPet, getPet's params name petId", () => {
    const handlers = createPetstoreHandlers();
    const create = handlers.requests.of("createPet")[0]!;
    expectTypeOf(create.operationId).toEqualTypeOf<"createPet">();
    expectTypeOf(create.body).toEqualTypeOf<NewPet | undefined>();
    expectTypeOf(create.status).toEqualTypeOf<number>();
    expectTypeOf(handlers.requests.of("getPet")[0]!.params).toEqualTypeOf<{ petId: string }>();
    expectTypeOf(handlers.requests.of("listPets")[0]!.query).toEqualTypeOf<{ limit?: string; status?: string }>();
    // @ts-expect-error: no such operation
    handlers.requests.of(UNKNOWN_OPERATION);
    for (const entry of handlers.requests) {
      if (entry.operationId === "createPet") expectTypeOf(entry.body).toEqualTypeOf<NewPet | undefined>();
    }
  });
});

describe("bodiless responses", () => {
  type WithNoContent = {
    parameters: Record<string, never>;
    responses: {
      204: { headers: Record<string, unknown>; content?: never };
      200: { content: { "application/json": { ok: boolean } } };
    };
  };
  it("json(204) takes no body where the contract declares none", () => {
    const typed = json as unknown as TypedJson<WithNoContent>;
    expectTypeOf<BodyOf<WithNoContent, 204>>().toEqualTypeOf<undefined>();
    typed(204);
    typed(200, { ok: true });
    // @ts-expect-error: a 204 has no body
    typed(204, { ok: true });
    // @ts-expect-error: a 200 needs its body
    typed(200);
  });

  it("every method has an override helper; one the contract does not use takes no path", () => {
    expectTypeOf(petstoreMock.http.delete).toBeFunction();
    expectTypeOf(petstoreMock.http.trace).toBeFunction();
    // @ts-expect-error: the contract has no TRACE path (nor will: HTTP APIs do not serve TRACE)
    petstoreMock.http.trace("/pets/{petId}", () => undefined);
  });
});

describe("options", () => {
  it("auth is a per-call boolean on scenarios and overrides; now is a clock", () => {
    expectTypeOf<ScenarioOptions["auth"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<OverrideOptions["auth"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PetstoreMockOptions["now"]>().toEqualTypeOf<(() => number) | undefined>();
    expectTypeOf(generatePets(2)).toEqualTypeOf<Pet[]>();
    // @ts-expect-error: auth is not a string
    petstoreMock.scenario.serverError("listPets", { auth: "no" });
  });
});
