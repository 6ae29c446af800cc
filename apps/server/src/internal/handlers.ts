import { createHash } from "node:crypto";
import type { Pet, PetStatus } from "@petstore/contract";
import { messages, pickNewPet } from "@petstore/service-rules";
import type { FastifyReply, FastifyRequest } from "fastify";
import { JSON_TYPE, sendError } from "./errors";
import type { ContractOperation, Schema } from "./contract";
import { ListCache } from "./list-cache";
import { isLargePage, streamPage } from "./list-stream";
import { BASE_PATH } from "./routes";
import type { PetStore } from "../store/types";

/**
 * A route handler for one contract operation: it sends the reply, or returns a promise of what to send. A handler
 * that can answer at once does so without a promise (Fastify then waits for no microtask).
 */
export type OperationHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | undefined;

/** The handlers of the contract's operations, by operationId. They run after `onRequest` has set `request.caller`. */
export function createHandlers(store: PetStore): Record<string, OperationHandler> {
  const lists = new ListCache();

  async function listAndSend(
    request: FastifyRequest,
    reply: FastifyReply,
    query: { limit: number; status?: PetStatus },
    cache: { key: string; revision: number } | undefined,
  ): Promise<unknown> {
    const pets = await store.list(query);
    if (isLargePage(pets)) {
      // Each pet through a serializer compiled from the contract's item schema, as the whole page would be.
      const { operation } = request.routeOptions.config as unknown as { operation: ContractOperation };
      const encodePet = reply.compileSerializationSchema(operation.responses["200"]!.schema!.items as Schema) as (
        pet: Pet,
      ) => string;
      return reply.type(JSON_TYPE).send(streamPage(pets, encodePet));
    }
    if (cache === undefined) return pets;
    // The route's serializer (fast-json-stringify, compiled from the contract's response schema, so a
    // string), as for any other answer.
    const body = Buffer.from(reply.serialize(pets) as string);
    lists.set(cache.key, cache.revision, body);
    return reply.type(JSON_TYPE).send(body);
  }

  return {
    listPets(request, reply) {
      const { limit, status } = request.query as { limit: number; status?: PetStatus };
      const query = status === undefined ? { limit } : { limit, status };
      // Read before listing: a pet added in between makes the entry look stale, never fresh.
      const revision = store.revision?.();
      if (revision === undefined) return listAndSend(request, reply, query, undefined);
      const key = status === undefined ? String(limit) : `${limit}:${status}`;
      const body = lists.get(key, revision);
      if (body === undefined) return listAndSend(request, reply, query, { key, revision });
      reply.type(JSON_TYPE).send(body);
      return undefined;
    },

    async getPet(request, reply) {
      // A string here is a valid int64 beyond 2^53: no id this server ever assigns.
      const { petId } = request.params as { petId: number | string };
      const pet = typeof petId === "number" ? await store.get(petId) : undefined;
      if (!pet) return sendError(reply, 404, messages.petNotFound(petId, BASE_PATH));
      return pet;
    },

    async createPet(request, reply) {
      const input = pickNewPet(request.body as Record<string, unknown>);
      const key = request.headers["idempotency-key"];
      const idempotency =
        typeof key === "string"
          ? {
              scope: request.caller!.scope,
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
