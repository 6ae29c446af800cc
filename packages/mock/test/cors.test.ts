import { CORS_EXPOSE_HEADERS } from "@petstore/service";
import type { Pet } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreHandlers, petstoreMock } from "../src/index";
import { useMockServer } from "./helpers/mock-server";

const rex: Pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };
const handlers = createPetstoreHandlers({ pets: [rex] });
const server = useMockServer(handlers);
const base = "https://api.petstore.example/v1";
const page = "http://localhost:5173";

/** A request as a page on another origin sends it: the browser adds `Origin`. */
function fromPage(path: string, init: RequestInit = {}, key: string | null = "test-key"): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("origin", page);
  if (key !== null) headers.set("authorization", `Bearer ${key}`);
  return fetch(`${base}${path}`, { ...init, headers });
}

function expectCors(response: Response): void {
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("access-control-expose-headers")).toBe(CORS_EXPOSE_HEADERS);
}

// A page on another origin can read an answer only if it carries CORS headers; without them the browser reports a
// network error and the SDK retries a create the mock had answered, as the service's answer never would.
describe("answers of scenarios and overrides to a cross-origin page carry the service's CORS headers", () => {
  it("error, serverError and rateLimited scenarios", async () => {
    server.use(
      petstoreMock.scenario.error("createPet", 400, { message: "name is taken" }),
      petstoreMock.scenario.serverError("listPets"),
      petstoreMock.scenario.rateLimited("getPet", { retryAfter: 3 }),
    );
    const refused = await fromPage("/pets", {
      method: "POST",
      body: JSON.stringify({ name: "Rex", categoryId: 1 }),
      headers: { "content-type": "application/json" },
    });
    expect(refused.status).toBe(400);
    expectCors(refused);
    const failed = await fromPage("/pets");
    expect(failed.status).toBe(500);
    expectCors(failed);
    const limited = await fromPage("/pets/1");
    expect(limited.status).toBe(429);
    expectCors(limited);
    expect(limited.headers.get("retry-after")).toBe("3");
  });

  it("the 401 a scenario gives first to a request without a valid key", async () => {
    server.use(petstoreMock.scenario.serverError("listPets"));
    const response = await fromPage("/pets", {}, null);
    expect(response.status).toBe(401);
    expectCors(response);
  });

  it("an override's answer, from json() or a Response it built itself", async () => {
    server.use(
      petstoreMock.override("listPets", ({ json }) => json(200, [rex])),
      petstoreMock.override("getPet", () => Response.json(rex) as never),
    );
    const listed = await fromPage("/pets");
    expect(listed.status).toBe(200);
    expectCors(listed);
    const built = await fromPage("/pets/1");
    expect(built.status).toBe(200);
    expect(await built.json()).toEqual(rex);
    expectCors(built);
  });

  it("a request without Origin (not from a page) gets no CORS headers, as from the service", async () => {
    server.use(petstoreMock.scenario.serverError("listPets"));
    const response = await fromPage("/pets");
    expect(response.status).toBe(500);
    const sameOrigin = await fetch(`${base}/pets`, { headers: { authorization: "Bearer test-key" } });
    expect(sameOrigin.headers.get("access-control-allow-origin")).toBeNull();
  });
});
