import { createHash } from "node:crypto";
import type { NewPet, PetStatus } from "@petstore/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import { apiKeyScope } from "./auth";
import { componentSchema, type Schema } from "./contract";
import { sendError } from "./errors";
import { BASE_PATH } from "./routes";
import type { PetStore } from "../store/types";

/** A route handler for one contract operation. */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const newPetFields = Object.keys((componentSchema("NewPet").properties ?? {}) as Schema);

/** Only the fields the contract's NewPet names, in its order: `id` and unknown fields are dropped, never stored. */
function pickNewPet(body: Record<string, unknown>): NewPet {
  const pet: Record<string, unknown> = {};
  for (const field of newPetFields) if (body[field] !== undefined) pet[field] = body[field];
  return pet as unknown as NewPet;
}

/** The handlers of the contract's operations, by operationId. `apiKeyOf` gives the request's authenticated key. */
export function createHandlers(store: PetStore, apiKeyOf: (request: FastifyRequest) => string): Record<string, OperationHandler> {
  return {
    async listPets(request) {
      const query = request.query as { limit: number; status?: PetStatus };
      return store.list(query.status === undefined ? { limit: query.limit } : { limit: query.limit, status: query.status });
    },

    async getPet(request, reply) {
      // A string here is a valid int64 beyond 2^53: no id this server ever assigns.
      const { petId } = request.params as { petId: number | string };
      const pet = typeof petId === "number" ? await store.get(petId) : undefined;
      if (!pet) return sendError(reply, 404, `No pet with id ${petId}. List pets with GET ${BASE_PATH}/pets to find ids.`);
      return pet;
    },

    async createPet(request, reply) {
      const input = pickNewPet(request.body as Record<string, unknown>);
      const key = request.headers["idempotency-key"];
      const idempotency =
        typeof key === "string"
          ? {
              scope: apiKeyScope(apiKeyOf(request)),
              key,
              fingerprint: createHash("sha256").update(JSON.stringify(input)).digest("hex"),
            }
          : undefined;
      const { pet, replayed } = await store.create(input, idempotency);
      if (replayed) reply.header("idempotent-replayed", "true");
      return reply.code(201).header("location", `${BASE_PATH}/pets/${pet.id}`).send(pet);
    },
  };
}
