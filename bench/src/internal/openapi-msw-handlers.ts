// What a careful test author writes with openapi-msw to make MSW behave like the Petstore service for the SDK's
// calls: the peer the @petstore/mock benchmarks compare against. It is deliberately independent of @petstore/mock
// (its own store, checks and messages), as a user's handlers would be; bench/test/openapi-msw-handlers.test.ts proves
// it answers every case the benchmark sends (and the usual mistakes) with the same status, code, body and headers.
import type { NewPet, Pet, PetStatus, paths } from "@petstore/contract";
import { HttpResponse, type RequestHandler } from "msw";
import { createOpenApiHttp } from "openapi-msw";

/** Options, as for `createPetstoreHandlers`. */
export interface OpenApiMswOptions {
  baseUrl: string;
  apiKeys: readonly string[];
  pets: readonly Pet[];
}

/** The handlers and what a test needs around them. */
export interface OpenApiMswHandlers {
  handlers: RequestHandler[];
  /** Back to the seed pets, every idempotency key forgotten. */
  reset(): void;
}

const statuses: readonly PetStatus[] = ["available", "pending", "sold"];
const dayMs = 24 * 60 * 60 * 1000;
const deprecationHeaders = {
  sunset: "Thu, 05 Dec 2030 00:00:00 GMT",
  deprecation: "@1764892800",
  link: '<https://docs.petstore.example/#tag/animals/operation/listPets>; rel="deprecation"; type="text/html"',
};

function requestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `req_${Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

function error(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return HttpResponse.json({ code, message, status }, { status, headers: { "x-request-id": requestId(), ...headers } });
}

/** openapi-msw handlers for listPets, createPet and getPet over an in-memory store. */
export function createOpenApiMswHandlers(options: OpenApiMswOptions): OpenApiMswHandlers {
  const http = createOpenApiHttp<paths>({ baseUrl: options.baseUrl });
  const basePath = new URL(options.baseUrl).pathname.replace(/\/$/, "");
  const accepted = new Set(options.apiKeys);
  let pets: Pet[] = [];
  let keys = new Map<string, { fingerprint: string; at: number; pet: Pet }>();
  const reset = () => {
    pets = [...options.pets].sort((a, b) => a.id - b.id).map((pet) => ({ ...pet }));
    keys = new Map();
  };
  reset();

  /** The caller's API key, or the 401 to answer. */
  const authenticate = (request: Request): string | Response => {
    const header = request.headers.get("authorization")?.trim() ?? "";
    const challenge = { "www-authenticate": 'Bearer realm="petstore"' };
    if (header === "") return error(401, "unauthorized", "Missing API key.", challenge);
    const [scheme = "", token = ""] = header.split(/[ \t]+/, 2);
    if (scheme.toLowerCase() !== "bearer" || !accepted.has(token))
      return error(401, "unauthorized", "The API key is not valid.", challenge);
    return token;
  };

  const handlers = [
    http.get("/pets", ({ request, query, response }) => {
      const auth = authenticate(request);
      if (auth instanceof Response) return response.untyped(auth);
      const limitText = query.get("limit");
      const limit = limitText === null ? 20 : /^\d{1,3}$/.test(limitText) ? Number(limitText) : Number.NaN;
      if (!(limit >= 1 && limit <= 100))
        return response.untyped(error(400, "invalid_request", "limit must be an integer from 1 to 100."));
      const status = query.get("status");
      if (status !== null && !statuses.includes(status))
        return response.untyped(error(400, "invalid_request", `status must be one of ${statuses.join(", ")}.`));
      const found = (status === null ? pets : pets.filter((pet) => pet.status === status)).slice(0, limit);
      return response(200).json(found, { headers: { "x-request-id": requestId() } });
    }),

    http.post("/pets", async ({ request, response }) => {
      const auth = authenticate(request);
      if (auth instanceof Response) return response.untyped(auth);
      if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
        return response.untyped(error(415, "unsupported_media_type", "Send the body as application/json."));
      }
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return response.untyped(error(400, "invalid_request", "The body is not valid JSON."));
      }
      const input = (typeof body === "object" && body !== null && !Array.isArray(body) ? body : {}) as Record<
        string,
        unknown
      >;
      if (typeof input.name !== "string" || input.name === "")
        return response.untyped(error(400, "invalid_request", "name must be a non-empty string."));
      if (!Number.isInteger(input.categoryId))
        return response.untyped(error(400, "invalid_request", "categoryId must be an integer."));
      if (input.status !== undefined && !statuses.includes(input.status as PetStatus)) {
        return response.untyped(error(400, "invalid_request", `status must be one of ${statuses.join(", ")}.`));
      }
      const newPet: NewPet = {
        name: input.name,
        categoryId: input.categoryId as number,
        ...(input.status === undefined ? {} : { status: input.status as PetStatus }),
      };
      const key = request.headers.get("idempotency-key");
      const fingerprint = JSON.stringify(newPet);
      const now = Date.now();
      const earlier = key === null ? undefined : keys.get(`${auth}\n${key}`);
      if (earlier && now - earlier.at < dayMs) {
        if (earlier.fingerprint !== fingerprint)
          return response.untyped(
            error(400, "invalid_request", `Idempotency-Key ${key} was already used with a different body.`),
          );
        const headers = {
          location: `${basePath}/pets/${earlier.pet.id}`,
          "idempotent-replayed": "true",
          "x-request-id": requestId(),
        };
        return response(201).json({ ...earlier.pet }, { headers });
      }
      const pet: Pet = { id: (pets.at(-1)?.id ?? 0) + 1, ...newPet };
      pets.push(pet);
      if (key !== null) keys.set(`${auth}\n${key}`, { fingerprint, at: now, pet: { ...pet } });
      return response(201).json(
        { ...pet },
        { headers: { location: `${basePath}/pets/${pet.id}`, "x-request-id": requestId() } },
      );
    }),

    http.get("/pets/{petId}", ({ request, params, response }) => {
      const auth = authenticate(request);
      if (auth instanceof Response) return response.untyped(auth);
      const text = String(params.petId);
      const id = /^[1-9]\d{0,18}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isNaN(id))
        return response.untyped(
          error(400, "invalid_request", "petId must be a positive 64-bit integer.", deprecationHeaders),
        );
      const pet = pets.find((candidate) => candidate.id === id);
      if (!pet) return response.untyped(error(404, "not_found", `No pet with id ${text}.`, deprecationHeaders));
      return response(200).json({ ...pet }, { headers: { ...deprecationHeaders, "x-request-id": requestId() } });
    }),
  ];
  return { handlers, reset };
}
