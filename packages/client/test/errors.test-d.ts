import { describe, expectTypeOf, it } from "vitest";
import {
  type AuthenticationError,
  type BadRequestError,
  type ConflictError,
  type ConnectionError,
  createPetstoreClient,
  type InternalServerError,
  NotFoundError,
  type PermissionDeniedError,
  type PetstoreError,
  type PetstoreClientOptions,
  type RateLimitError,
  type ServerErrorStatus,
  type TimeoutError,
  type UnprocessableEntityError,
} from "../src/index";
import { createPetstoreRawClient } from "../src/raw";

describe("error classes say what they know about status", () => {
  it("each single-status class has its literal status", () => {
    expectTypeOf<NotFoundError["status"]>().toEqualTypeOf<404>();
    expectTypeOf<BadRequestError["status"]>().toEqualTypeOf<400>();
    expectTypeOf<AuthenticationError["status"]>().toEqualTypeOf<401>();
    expectTypeOf<PermissionDeniedError["status"]>().toEqualTypeOf<403>();
    expectTypeOf<ConflictError["status"]>().toEqualTypeOf<409>();
    expectTypeOf<UnprocessableEntityError["status"]>().toEqualTypeOf<422>();
    expectTypeOf<RateLimitError["status"]>().toEqualTypeOf<429>();
  });

  it("the 5xx family is the union 500 | 501 | … | 599; errors without a response have no status", () => {
    expectTypeOf<InternalServerError["status"]>().toEqualTypeOf<ServerErrorStatus>();
    expectTypeOf<500 | 503 | 599>().toExtend<ServerErrorStatus>();
    expectTypeOf<499>().not.toExtend<ServerErrorStatus>();
    expectTypeOf<600>().not.toExtend<ServerErrorStatus>();
    expectTypeOf<number>().not.toExtend<ServerErrorStatus>();
    expectTypeOf<ConnectionError["status"]>().toEqualTypeOf<undefined>();
    expectTypeOf<TimeoutError["status"]>().toEqualTypeOf<undefined>();
    expectTypeOf<PetstoreError["status"]>().toEqualTypeOf<number | undefined>();
  });

  it("narrowing with instanceof narrows status", () => {
    const error: unknown = undefined;
    if (error instanceof NotFoundError) {
      const status: 404 = error.status;
      expectTypeOf(status).toEqualTypeOf<404>();
    }
  });
});

describe("environment and baseUrl are exclusive at compile time", () => {
  it("either one type-checks, both do not", () => {
    createPetstoreClient({ apiKey: "k", environment: "staging" });
    createPetstoreClient({ apiKey: "k", baseUrl: "http://127.0.0.1:4010/v1" });
    createPetstoreClient({ apiKey: "k" });
    // @ts-expect-error environment and baseUrl together
    createPetstoreClient({ apiKey: "k", environment: "staging", baseUrl: "http://127.0.0.1:4010/v1" });
    // @ts-expect-error the same for the raw client, whose options are the same
    createPetstoreRawClient({ environment: "production", baseUrl: "http://127.0.0.1:4010/v1" });
    // @ts-expect-error and for withOptions
    createPetstoreClient().withOptions({ environment: "production", baseUrl: "http://127.0.0.1:4010/v1" });
  });

  it("a variable typed with one of them still fits", () => {
    expectTypeOf<{ baseUrl: string; apiKey: string }>().toExtend<PetstoreClientOptions>();
    expectTypeOf<{ environment: "staging" }>().toExtend<PetstoreClientOptions>();
    expectTypeOf<{ environment: "staging"; baseUrl: string }>().not.toExtend<PetstoreClientOptions>();
  });
});
