import type { HttpHandler, RequestHandler } from "msw";
import { describe, expectTypeOf, it } from "vitest";
import type { PetstoreHandlers } from "../src/index";
import {
  startPetstoreMockServer,
  type RunningPetstoreMockServer,
  type StartPetstoreMockServerOptions,
} from "../src/http/index";

describe("startPetstoreMockServer", () => {
  it("resolves to the base URL, the handler set, use/resetHandlers and close", () => {
    expectTypeOf(startPetstoreMockServer).returns.resolves.toEqualTypeOf<RunningPetstoreMockServer>();
    expectTypeOf<RunningPetstoreMockServer["baseUrl"]>().toEqualTypeOf<string>();
    expectTypeOf<RunningPetstoreMockServer["handlers"]>().toEqualTypeOf<PetstoreHandlers>();
    expectTypeOf<RunningPetstoreMockServer["use"]>().parameters.toEqualTypeOf<RequestHandler[]>();
    expectTypeOf<RunningPetstoreMockServer["close"]>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<ReturnType<PetstoreHandlers["override"]>>().toExtend<RequestHandler>();
    expectTypeOf<HttpHandler>().toExtend<Parameters<RunningPetstoreMockServer["use"]>[0]>();
  });

  it("takes the handler set's options but baseUrls, and where to listen", () => {
    void startPetstoreMockServer();
    void startPetstoreMockServer({ port: 0, host: "::1", apiKeys: ["key"], latency: 5, onError: () => undefined });
    // @ts-expect-error the server answers under its own base URL
    void startPetstoreMockServer({ baseUrls: ["http://localhost:3000/v1"] });
    // @ts-expect-error port is a number
    void startPetstoreMockServer({ port: "4010" });
    expectTypeOf<StartPetstoreMockServerOptions["onError"]>().toEqualTypeOf<((error: unknown) => void) | undefined>();
  });
});
