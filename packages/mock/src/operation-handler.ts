import { requestIdFor } from "@petstore/service";
import { HttpHandler, HttpResponse } from "msw";
import { inviteBody, markGated } from "./internal/body-invite";
import { withoutCallFrame } from "./internal/call-frame";
import type { ContractOperation } from "./internal/contract";
import { withCors } from "./internal/cors";
import { defaultGate } from "./internal/gate";
import { baseUrlPattern, basePathOf } from "./internal/match";
import { journalEntry, snapshotCopy } from "./journal";
import { missesEveryHandlerSet, servedBaseUrls, setsServing, type LiveHandlerSet } from "./registry";

/** How a scenario or override handler behaves around its own answer. */
export interface OperationHandlerSpec {
  operation: ContractOperation;
  baseUrls: readonly string[];
  /** The handler set the helper came from (`handlers.scenario`); otherwise the sets serving the URL are looked up. */
  bound: LiveHandlerSet | undefined;
  /** A missing or bad key gets the service's 401 before `answer` runs; false lets any key through. */
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
 * One MSW handler for a scenario or override. The request is matched by the service core's route matcher (so
 * `/v1/%70ets` is `/v1/pets`, as the service sees it), and the core's answer comes first for a request it refuses
 * before its operation runs (parser-level errors, a missing or bad key unless opted out, parameters, body, limits):
 * a scenario or override shapes only the answers to requests the operation would answer. Then a count of answered
 * requests, the answer recorded in the journal of the handler set(s) serving the URL, and a readable name.
 */
export function createOperationHandler(spec: OperationHandlerSpec): HttpHandler {
  const { operation } = spec;
  warnIfMissing(spec);
  let remaining = spec.times;
  const queryNames = operation.parameters.filter((p) => p.in === "query").map((p) => p.name);
  const handler = withoutCallFrame(
    () =>
      new HttpHandler(operation.method, baseUrlPattern(spec.baseUrls), async ({ request }) => {
        if (remaining <= 0) return undefined;
        const url = new URL(request.url);
        const sets = spec.bound ? [spec.bound] : setsServing(url);
        const gate = sets[0]?.gate ?? defaultGate();
        const basePath = basePathOf(url, spec.baseUrls);
        if (basePath === undefined) return undefined;
        const found = gate.operationAt(request.method, url.pathname + url.search, basePath);
        if (found?.operation !== operation) return undefined;
        const { params } = found;
        const requestId = requestIdFor(request.headers.get("x-request-id"));
        // The core judges the head first; a body held back (see `inviteBody`) is invited only when the core reads it.
        let response = await gate.refusal(request, basePath, spec.auth);
        if (response === undefined) inviteBody(request);
        // Taken before the answer reads the request; a refused request's body the core never read is not waited for.
        const snapshot = snapshotCopy(request);
        if (response === undefined) {
          // Taken before the answer and given back if it passes the request on, so concurrent requests cannot overdraw it.
          remaining -= 1;
          response = await spec.answer(request, { params, requestId });
          if (response === undefined) {
            if (!spec.passOnCounts) remaining += 1;
            return undefined;
          }
        }
        const target = { operationId: operation.operationId, params, queryNames };
        const taken = await snapshot;
        const status = response.type === "error" ? 0 : response.status;
        for (const set of sets) set.record(() => journalEntry(taken, target, status));
        return withCors(response, request.headers.get("origin"));
      }),
  );
  markGated(handler);
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
