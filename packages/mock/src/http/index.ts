// The package's own main entry, by name: the handler set and its helpers then share one module instance (one
// registry of handler sets, one `PetstoreContractViolation`) with the app's `import … from "@petstore/mock"`, in the
// CommonJS build too, and this entry adds no code to the main one.
import { defaultBaseUrls, type PetstoreHandlers, type PetstoreMockOptions } from "@petstore/mock";
import { healthRoutes, listenNode, type NodeRequest } from "@petstore/service/node";
import { getResponse, type RequestHandler } from "msw";
import { answerControl, isControlPath } from "../control/api";
import { CONTROL_PREFIX } from "../control/protocol";
import { createMockSession, type MockSession } from "../control/session";
import type { ServeNode } from "../handlers";
import { inviteBody, isGated } from "../internal/body-invite";
import { checkOptionsObject, describeValue } from "../internal/check";
import { listenOptionsError, portInUseError } from "../internal/listen";
import { HANDLER_OPTION_NAMES, resolveOptions } from "../options";
import { preferHandlers } from "./prefer";
import { snapshotOf, toFetchRequest } from "./request";
import { fromFetchResponse } from "./response";

export { connectPetstoreMock } from "../control/remote";
export type {
  ConnectPetstoreMockOptions,
  RemoteClock,
  RemoteHandler,
  RemoteOverride,
  RemotePetstoreMock,
  RemoteRequestJournal,
  RemoteScenarioOptions,
  RemoteScenarios,
} from "../control/remote";

/** Options of `startPetstoreMockServer`: where it listens, and those of `createPetstoreHandlers` but `baseUrls`. */
export interface StartPetstoreMockServerOptions extends Omit<PetstoreMockOptions, "baseUrls"> {
  /** Port to listen on; 0 picks a free one. Defaults to 0. */
  port?: number | undefined;
  /** Interface to listen on. Defaults to `"127.0.0.1"`. */
  host?: string | undefined;
  /** Called with what a handler threw; the client got the service's 500. Defaults to printing it with `console.error`. */
  onError?: ((error: unknown) => void) | undefined;
  /** A token the control API (`/__petstore/…`) then requires as `Authorization: Bearer <token>`, from any address. Defaults to none: the control API answers loopback clients only. */
  controlToken?: string | undefined;
}

/** A running mock server: the handlers of `createPetstoreHandlers`, answering real HTTP requests. */
export interface RunningPetstoreMockServer {
  /** The API's base URL with the contract's `/v1`, such as `http://127.0.0.1:54321/v1`: the SDK's `baseUrl`. */
  readonly baseUrl: string;
  /** The control API's URL, such as `http://127.0.0.1:54321/__petstore`: what `connectPetstoreMock` and curl talk to. */
  readonly controlUrl: string;
  /** The handler set that answers: its `store`, its `requests` journal, and `scenario`/`http`/`override` helpers bound to `baseUrl`. A seed sent to the control API replaces it. */
  readonly handlers: PetstoreHandlers;
  /** Adds handlers tried before the set's own, the last added first, as MSW's `server.use()`: `use(handlers.scenario.serverError("listPets"))`. */
  use(...overrides: RequestHandler[]): void;
  /** Drops every handler `use()` added, as MSW's `server.resetHandlers()`; the store and journal stay as they are. */
  resetHandlers(): void;
  /** Stops listening, ends every connection (keep-alive ones too, and requests still waiting) and resolves once the server has closed. */
  close(): Promise<void>;
}

const NAME = "startPetstoreMockServer";
// Its own options, then those of `createPetstoreHandlers` but `baseUrls`, which the server's address decides.
const OPTION_NAMES = [
  "port",
  "host",
  "onError",
  "controlToken",
  ...HANDLER_OPTION_NAMES.filter((name) => name !== "baseUrls"),
];

/** The handler set's way in for Node requests (see `SERVE_NODE` in handlers.ts; a global symbol, so no code is shared). */
const SERVE_NODE = Symbol.for("@petstore/mock.serveNode");

/** The contract's base path, `/v1`: where the handlers answer under the server's origin. */
const BASE_PATH = new URL(defaultBaseUrls[0]!).pathname.replace(/\/+$/, "");

function printError(error: unknown): void {
  console.error(`[@petstore/mock] ${NAME}: a handler threw, and the client got a 500:`, error);
}

/**
 * MSW's `passthrough()` answer, recognised as MSW's own request handling recognises it: "do not mock this request".
 * With no network behind this server, it means the handler set itself answers.
 */
const isPassthrough = (response: Response | undefined): boolean =>
  response?.status === 302 && response.headers.get("x-msw-intention") === "passthrough";

/**
 * Serves a new handler set (`createPetstoreHandlers(options)`) over HTTP on `host:port` and resolves once it listens:
 * a Petstore API for an app run as a process, a browser page on another origin, curl or a client in any language.
 * It answers what the handlers answer (CORS and preflights included), `GET /healthz` and `/readyz` as the server does,
 * another path outside `/v1` with the service's 404, a handler that throws with its 500. Node only.
 */
export async function startPetstoreMockServer(
  options: StartPetstoreMockServerOptions = {},
): Promise<RunningPetstoreMockServer> {
  checkOptionsObject(`${NAME} options`, options, OPTION_NAMES);
  const { port = 0, host = "127.0.0.1", onError = printError, controlToken, ...handlerOptions } = options;
  const problem = listenOptionsError(NAME, port, host);
  if (problem) throw problem;
  if (typeof onError !== "function")
    throw new TypeError(`[@petstore/mock] ${NAME}: onError must be a function, got ${describeValue(onError)}`);
  if (controlToken !== undefined && !(typeof controlToken === "string" && /^[\x21-\x7e]+$/.test(controlToken)))
    throw new TypeError(
      `[@petstore/mock] ${NAME}: controlToken must be a non-empty string of printable ASCII without spaces, got ${describeValue(controlToken)}`,
    );
  // Checked before listening; only the seed pets' check waits for the handler set.
  resolveOptions(handlerOptions);

  let session: MockSession | undefined;
  let origin = "";
  const listener = await listenNode({
    port,
    host,
    // Closing ends every connection at once: a mock in a test run is closed when its tests are done with it.
    drainQuietMs: 0,
    drainMaxMs: 0,
    // The server's `/healthz` and `/readyz`, so a probe or a compose file treats both alike; the mock is always ready.
    routes: healthRoutes(),
    onError: (error) => {
      try {
        onError(error);
      } catch (thrown) {
        // The client still gets its 500, and the process goes on.
        console.error(`[@petstore/mock] ${NAME}: could not answer a request (onError threw?):`, thrown);
      }
    },
    async handle(request, context) {
      const node = request as NodeRequest;
      if (!session) throw new Error("the handler set is not ready");
      if (isControlPath(node.url.split("?")[0]!)) {
        const control = toFetchRequest(node, origin);
        if (control) {
          const access = { token: controlToken, remoteAddress: node.message.socket.remoteAddress };
          return fromFetchResponse(await answerControl(control, session, access));
        }
      }
      const { handlers } = session;
      if (!context.draining && (session.added.length > 0 || node.header("prefer") !== undefined)) {
        // Overrides, scenarios and `Prefer` see a fetch Request; the service then reads the same body bytes.
        // Its body is held back for scenarios and overrides, which invite it once the core has accepted the head.
        const fetchRequest = toFetchRequest(node, origin, true);
        const overrides = fetchRequest ? [...preferHandlers(fetchRequest, handlers), ...session.added] : [];
        // A handler of the app's own (`use(http.post(…))`) may read the body at once, as before.
        if (fetchRequest && !overrides.every(isGated)) inviteBody(fetchRequest);
        const answered = fetchRequest && overrides.length > 0 ? await getResponse(overrides, fetchRequest) : undefined;
        if (answered && !isPassthrough(answered)) {
          if (!(answered instanceof Response))
            throw new TypeError(`a handler answered ${describeValue(answered)}, not a Response`);
          return fromFetchResponse(answered);
        }
      }
      const serve = (handlers as unknown as Record<symbol, ServeNode>)[SERVE_NODE]!;
      const snapshot = (body: Uint8Array | undefined) => snapshotOf(node, origin, body);
      return serve(node, { ...context, basePath: BASE_PATH }, node.signal, snapshot);
    },
  }).catch((error: NodeJS.ErrnoException) => {
    throw error.code === "EADDRINUSE" ? portInUseError(NAME, port, host) : error;
  });
  origin = listener.url;
  try {
    session = createMockSession({ ...handlerOptions, baseUrls: [`${origin}${BASE_PATH}`] });
  } catch (error) {
    await listener.close();
    throw error;
  }
  const ready = session;

  return {
    baseUrl: `${origin}${BASE_PATH}`,
    controlUrl: `${origin}${CONTROL_PREFIX}`,
    get handlers() {
      return ready.handlers;
    },
    use: (...added) => ready.use(...added),
    resetHandlers: () => ready.resetHandlers(),
    close: () => listener.close(),
  };
}
