import { createPetstoreClient } from "@petstore/client";
import { setupServer } from "msw/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPetstoreHandlers, createScenarios, petstoreMock } from "../src/index";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("handler names", () => {
  it("listHandlers() shows what each handler is, not a regular expression", () => {
    const handlers = createPetstoreHandlers({ baseUrls: ["http://localhost:3000/v1"] });
    const server = setupServer(...handlers);
    server.use(
      handlers.scenario.serverError("listPets", { times: 2 }),
      handlers.http.get("/pets/{petId}", () => undefined, { once: true }),
    );
    const names = server.listHandlers().map((handler) => ("info" in handler ? handler.info.header : ""));
    expect(names).toEqual([
      "listPets GET /pets (serverError scenario) under http://localhost:3000/v1",
      "getPet GET /pets/{petId} (override, once) under http://localhost:3000/v1",
      "every Petstore operation (@petstore/mock handlers) under http://localhost:3000/v1",
    ]);
    for (const name of names) expect(name).not.toMatch(/[\\^$]/);
  });

  it("records no call frame, which would name a line of this package, and leaves the stack depth as it was", () => {
    const depth = Error.stackTraceLimit;
    Error.stackTraceLimit = 7;
    try {
      const handlers = createPetstoreHandlers({ baseUrls: ["http://localhost:3000/v1"] });
      const made = [
        ...handlers,
        handlers.scenario.serverError("listPets"),
        handlers.override("getPet", () => undefined),
        petstoreMock.scenario.networkError("createPet"),
      ];
      expect(made.map((handler) => handler.info.callFrame)).toEqual(made.map(() => undefined));
      expect(Error.stackTraceLimit).toBe(7);
      expect(new Error("after").stack?.split("\n").length).toBeGreaterThan(1);
    } finally {
      Error.stackTraceLimit = depth;
    }
  });
});

describe("helpers that miss every handler set", () => {
  it("petstoreMock.scenario warns when the handler sets use other baseUrls, and the request reaches the handlers", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const handlers = createPetstoreHandlers({ baseUrls: ["http://custom.test/v1"] });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: "error" });
    try {
      server.use(petstoreMock.scenario.serverError("listPets"));
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toMatch(
        /^\[@petstore\/mock\] the serverError scenario for listPets applies under https:\/\/api\.petstore\.example\/v1, https:\/\/staging\.api\.petstore\.example\/v1, but the handler sets answer under (.+, )?http:\/\/custom\.test\/v1: it will never answer\. Use the helpers of your handler set/,
      );
      expect(await createPetstoreClient({ apiKey: "k", baseUrl: "http://custom.test/v1" }).pets.list()).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("does not warn for the set's own helpers, for URLs a set answers, or with { baseUrls } that match", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const handlers = createPetstoreHandlers({ baseUrls: ["http://quiet.test/v1"] });
    handlers.scenario.serverError("listPets");
    handlers.override("getPet", () => undefined);
    petstoreMock.scenario.networkError("listPets", { baseUrls: ["http://quiet.test/v1"] });
    createScenarios({ baseUrls: ["http://quiet.test/v1"] }).slow("getPet", 10);
    expect(warn).not.toHaveBeenCalled();
    petstoreMock.override("getPet", () => undefined);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      "the override for getPet applies under https://api.petstore.example/v1",
    );
  });
});
