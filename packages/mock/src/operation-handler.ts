import { requestIdFor } from "@petstore/service";
import { HttpHandler, HttpResponse } from "msw";
import { authFailureHeaders, createAuthenticator } from "./internal/auth";
import type { ContractOperation } from "./internal/contract";
import { withCors } from "./internal/cors";
import { operationPattern } from "./internal/match";
import { errorResponse } from "./internal/respond";
import { journalEntry, snapshotCopy } from "./journal";
import { missesEveryHandlerSet, servedBaseUrls, setsServing, type LiveHandlerSet } from "./registry";

const anyBearerToken = createAuthenticator(undefined);

/** How a scenario or override handler behaves around its own answer. */
export interface OperationHandlerSpec {
  operation: ContractOperation;
  baseUrls: readonly string[];
  /** The handler set the helper came from (`handlers.scenario`); otherwise the sets serving the URL are looked up. */
  bound: LiveHandlerSet | undefined;
  /** A missing or bad key gets the service's 401 before `answer` runs. */
  auth: boolean;
  /** How many requests it answers; Infinity for all. 401s and requests it passes on (`undefined`) do not count. */
  times: number;
  /** A request it passes on still counts (a slow scenario delays it, then the normal handler answers). */
  passOnCounts?: boolean;
  /** What it is, for msw's logs and `listHandlers()`: "serverError scenario", "override". */
  kind: string;
  /** Its answer, or undefined to hand the request to the next handler (the normal one). */
  answer: (
    request: Request,
    info: { params: Record<string, string>; requestId: string },
  ) => Promise<Response | undefined> | Response | undefined;
}

/** A readable handler name: `getPet GET /pets/{petId} (serverError scenario) under https://api.petstore.example/v1`. */
export function handlerName(what: string, baseUrls: readonly string[]): string {
  return `${what} under ${baseUrls.join(" and ")}`;
}

/** Warns once per helper when its base URLs miss every handler set: the helper would never answer. */
function warnIfMissing(spec: OperationHandlerSpec): void {
  if (spec.bound !== undefined || !missesEveryHandlerSet(spec.baseUrls)) return;
  console.warn(
    `[@petstore/mock] the ${spec.kind} for ${spec.operation.operationId} applies under ${spec.baseUrls.join(", ")}, but the handler sets answer under ` +
      `${servedBaseUrls().join(", ")}: it will never answer. Use the helpers of your handler set (handlers.scenario, handlers.override, handlers.http) ` +
      "or pass { baseUrls }.",
  );
}

/**
 * One MSW handler for a scenario or override: auth first (unless opted out), a count of answered requests, the answer
 * recorded in the journal of the handler set(s) serving the URL, and a readable name.
 */
export function createOperationHandler(spec: OperationHandlerSpec): HttpHandler {
  const { operation } = spec;
  warnIfMissing(spec);
  let remaining = spec.times;
  const handler = new HttpHandler(
    operation.method,
    operationPattern(operation, spec.baseUrls),
    async ({ request, params }) => {
      if (remaining <= 0) return undefined;
      const url = new URL(request.url);
      const sets = spec.bound ? [spec.bound] : setsServing(url);
      const snapshot = snapshotCopy(request);
      const requestId = requestIdFor(request.headers.get("x-request-id"));
      let response: Response | undefined;
      const auth = spec.auth
        ? (sets[0]?.authenticate ?? anyBearerToken)(request.headers.get("authorization"))
        : undefined;
      if (auth !== undefined && !auth.ok) {
        response = errorResponse(operation, auth.status, auth.message, requestId, authFailureHeaders(auth));
      } else {
        // Taken before the answer and given back if it passes the request on, so concurrent requests cannot overdraw it.
        remaining -= 1;
        response = await spec.answer(request, { params: params as Record<string, string>, requestId });
        if (response === undefined) {
          if (!spec.passOnCounts) remaining += 1;
          return undefined;
        }
      }
      const queryNames = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
      const target = { operationId: operation.operationId, params: params as Record<string, string>, queryNames };
      const taken = await snapshot;
      const status = response.type === "error" ? 0 : response.status;
      for (const set of sets) set.record(() => journalEntry(taken, target, status));
      return withCors(response, request.headers.get("origin"));
    },
  );
  handler.info.header = handlerName(
    `${operation.operationId} ${operation.method} ${operation.path} (${spec.kind})`,
    spec.baseUrls,
  );
  return handler;
}

/** A network error, the answer to a request the client already aborted (nobody receives it). */
export function abortedAnswer(): Response {
  return HttpResponse.error();
}
