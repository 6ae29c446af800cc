import { operationTable } from "@petstore/contract";
import type { PetstoreHandlers } from "@petstore/mock";
import type { HttpHandler } from "msw";
import { MAX_DELAY_MS } from "../internal/check";

/** The preferences of a `Prefer` header (RFC 7240) by name, lower case: `code=503, delay=200` → code, delay. */
function preferences(header: string | null): Map<string, string> {
  const found = new Map<string, string>();
  if (header === null) return found;
  for (const part of header.split(/[,;]/)) {
    const [name = "", value = ""] = part.split("=", 2).map((text) => text.trim());
    if (name !== "" && !found.has(name.toLowerCase())) found.set(name.toLowerCase(), value.replace(/^"(.*)"$/, "$1"));
  }
  return found;
}

/**
 * The one-request scenarios a `Prefer` header asks for, Prism's convention: `code=<status>` answers that error of the
 * operation (`429` with `Retry-After`, `500`, `503`, any 4xx or 5xx), `delay=<ms>` waits first. They are the handler
 * set's own scenarios, so a missing or bad key still gets its 401 first and the journal records the answer. A value
 * they cannot take is that request's 400, naming what is accepted. Unknown preferences are ignored, as RFC 7240 asks.
 */
export function preferHandlers(request: Request, handlers: PetstoreHandlers): HttpHandler[] {
  const wanted = preferences(request.headers.get("prefer"));
  const code = wanted.get("code");
  const delay = wanted.get("delay");
  if (code === undefined && delay === undefined) return [];
  const once = { times: 1 };
  const { scenario } = handlers;
  const refuse = (message: string) =>
    operationTable.map((op) => scenario.error(op.operationId, 400, { code: "invalid_request", message }, once));
  const added: HttpHandler[] = [];
  if (delay !== undefined) {
    const ms = /^\d{1,10}$/.test(delay) ? Number(delay) : Number.NaN;
    if (!(ms <= MAX_DELAY_MS))
      return refuse(`Prefer: delay=${delay} is not a delay: use whole milliseconds from 0 to ${MAX_DELAY_MS}.`);
    added.push(...operationTable.map((op) => scenario.slow(op.operationId, ms, once)));
  }
  if (code !== undefined) {
    const status = /^\d{3}$/.test(code) ? Number(code) : Number.NaN;
    if (!(status >= 400 && status <= 599))
      return refuse(`Prefer: code=${code} is not an error status: use a 4xx or 5xx, such as 429, 500 or 503.`);
    added.push(
      ...operationTable.map((op) => {
        // An operation that declares neither the status nor a default cannot answer it: its own 400 says so,
        // and the other operations still answer `code`.
        if (!(String(status) in op.responses) && !("default" in op.responses)) {
          const declared = Object.keys(op.responses).filter((name) => /^[45]\d\d$/.test(name));
          return scenario.error(
            op.operationId,
            400,
            {
              code: "invalid_request",
              message: `Prefer: code=${code} is not an answer of ${op.operationId}: use one it declares, ${declared.join(", ")}.`,
            },
            once,
          );
        }
        return status === 429
          ? scenario.rateLimited(op.operationId, once)
          : status === 500
            ? scenario.serverError(op.operationId, once)
            : scenario.error(op.operationId, status, {}, once);
      }),
    );
  }
  return added;
}
