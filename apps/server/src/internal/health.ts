import type { FastifyInstance } from "fastify";
import { sendUnavailable } from "./unavailable";
import type { PetStore } from "../store/types";

/**
 * `/healthz` (the process answers) and `/readyz` (the store can serve: 503 while PostgreSQL is unreachable),
 * both without a key, for GET and HEAD (a HEAD gets the same status and headers, no body).
 */
export function addHealthRoutes(app: FastifyInstance, store: PetStore): void {
  app.route({ method: ["GET", "HEAD"], url: "/healthz", handler: async () => ({ status: "ok" }) });
  app.route({
    method: ["GET", "HEAD"],
    url: "/readyz",
    handler: async (request, reply) =>
      (await (store.ready?.() ?? true)) ? { status: "ready" } : sendUnavailable(reply, request.id),
  });
}
