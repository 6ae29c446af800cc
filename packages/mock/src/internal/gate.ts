import type { ContractOperation } from "@petstore/contract";
import { createService, handleFetch, type PetStore, type Service } from "@petstore/service";
import { inviteBody } from "./body-invite";

/**
 * A store that no operation gets past: the first call fails the request with the service's 500. A request that gets
 * this far passed everything the service checks before its operation runs.
 */
const unreachable = new Proxy({} as PetStore, {
  get(_target, name) {
    // No `revision`: nothing is cached, so every request is judged afresh.
    if (name === "revision" || name === "ready" || name === "then") return undefined;
    return () => {
      throw new Error("[@petstore/mock] the gate's store is never used");
    };
  },
});

/**
 * What scenarios, overrides and `Prefer` ask the service core before they answer: the operation a request calls
 * (through the core's one route matcher, which decodes `/v1/%70ets` as `/v1/pets`), and the core's own answer to a
 * request it refuses before its operation runs.
 */
export interface Gate {
  /** The operation `method` and `url` (path and query) call under `basePath`, with decoded path parameters, or undefined. */
  operationAt(
    method: string,
    url: string,
    basePath: string,
  ): { operation: ContractOperation; params: Record<string, string> } | undefined;
  /**
   * The core's answer when it refuses `request` before its operation runs — a method or headers its parser refuses,
   * a missing or bad key (unless `auth` is false), a path parameter, query, header or body it rejects, a body over
   * the limit — or undefined when the request is one the operation would answer: only then may a scenario shape it.
   */
  refusal(request: Request, basePath: string, auth: boolean): Promise<Response | undefined>;
}

/**
 * A copy of `request` for the core to judge, whose body is invited (see `inviteBody`) only when the core reads it: the
 * core reads a body only once it has accepted the head (method, headers, key, route, parameters).
 */
function probeOf(request: Request): Request {
  const copy = request.clone();
  const source = copy.body;
  if (source === null) return copy;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (reader === undefined) {
          inviteBody(request);
          reader = source.getReader();
        }
        const { done, value } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: (reason) => (reader ?? source).cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Request(copy, { body, duplex: "half" } as RequestInit);
}

/** A gate for a handler set accepting `apiKeys` (undefined: any non-empty bearer token). */
export function createGate(apiKeys: readonly string[] | undefined): Gate {
  const accepted = apiKeys === undefined ? undefined : new Set(apiKeys);
  let keyed: Service | undefined;
  let open: Service | undefined;
  const service = (auth: boolean): Service =>
    auth
      ? (keyed ??= createService({
          store: unreachable,
          verifyKey: (token) => (accepted && !accepted.has(token) ? undefined : { scope: token }),
        }))
      : (open ??= createService({ store: unreachable, verifyKey: () => ({ scope: "" }) }));
  return {
    operationAt: (method, url, basePath) => service(true).operationAt(method, url, basePath),
    async refusal(request, basePath, auth) {
      let probe = probeOf(request);
      if (!auth) {
        // Any key is let through: the request is judged on everything else.
        const headers = new Headers(probe.headers);
        headers.set("authorization", "Bearer any");
        probe = new Request(probe, { headers });
      }
      const answer = await handleFetch(service(auth), probe, { basePath });
      // The operation ran (a 500 from the unreachable store, or an answer of its own that needs none).
      if (answer.status === 500 || answer.status < 400) {
        await answer.body?.cancel();
        return undefined;
      }
      return answer;
    },
  };
}

let anySet: Gate | undefined;

/** The gate of a URL no handler set serves: any non-empty bearer token is a key. */
export function defaultGate(): Gate {
  return (anySet ??= createGate(undefined));
}
