import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
// The package's own main entry, by name: the handler set and its helpers then share one module instance (one
// registry of handler sets, one `PetstoreContractViolation`) with the app's `import … from "@petstore/mock"`, in the
// CommonJS build too, and this entry adds no code to the main one.
import { defaultBaseUrls, type PetstoreHandlers, type PetstoreMockOptions } from "@petstore/mock";
import { requestLimits } from "@petstore/contract";
import { messages, routeList } from "@petstore/service-rules";
import { getResponse, type RequestHandler } from "msw";
import { answerControl, isControlPath } from "../control/api";
import { CONTROL_PREFIX } from "../control/protocol";
import { createMockSession, type MockSession } from "../control/session";
import { checkOptionsObject, describeValue } from "../internal/check";
import { withCors } from "../internal/cors";
import { RequestError } from "../internal/errors";
import { listenOptionsError, portInUseError } from "../internal/listen";
import { newRequestId, requestIdFor } from "../internal/request-id";
import { errorResponse } from "../internal/respond";
import { HANDLER_OPTION_NAMES, resolveOptions } from "../options";
import { preferHandlers } from "./prefer";
import { toFetchRequest } from "./request";
import { sendResponse } from "./response";

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
  /** Stops listening, ends every connection (keep-alive ones too) and resolves once the server has closed. */
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

/** The contract's base path, `/v1`: where the handlers answer under the server's origin. */
const BASE_PATH = new URL(defaultBaseUrls[0]!).pathname.replace(/\/+$/, "");

/** `http://host:port` of a listening server; an unspecified address (`0.0.0.0`, `::`) is reached on loopback. */
function originOf({ address, port }: AddressInfo): string {
  const host = address === "0.0.0.0" ? "127.0.0.1" : address === "::" ? "::1" : address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** The service's 404 for a path outside the base path, where no handler of the set answers. */
function notFound(request: Request): Response {
  const { pathname } = new URL(request.url);
  const message = messages.notFound(request.method, pathname, routeList(BASE_PATH));
  return errorResponse(undefined, 404, message, requestIdFor(request));
}

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
 * It answers what the handlers answer (CORS and preflights included), a path outside `/v1` with the service's 404, a
 * handler that throws with its 500. Node only.
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

  // Room above the contract's header limit, so the handlers' own 431 answers rather than Node's bare one.
  const server = createServer({ maxHeaderSize: 2 * requestLimits.headerBytes });
  await new Promise<void>((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) =>
      reject(error.code === "EADDRINUSE" ? portInUseError(NAME, port, host) : error);
    server.once("error", refuse).listen(port, host, () => {
      server.off("error", refuse);
      resolve();
    });
  });
  const origin = originOf(server.address() as AddressInfo);
  let session: MockSession;
  try {
    session = createMockSession({ ...handlerOptions, baseUrls: [`${origin}${BASE_PATH}`] });
  } catch (error) {
    server.close();
    throw error;
  }

  const answer = async (message: IncomingMessage, response: ServerResponse): Promise<void> => {
    const controller = new AbortController();
    // A client that goes away ends the handler's waits (latency, slow scenarios) with it.
    response.once("close", () => controller.abort());
    let request: Request | undefined;
    try {
      request = await toFetchRequest(message, origin, controller.signal);
      if (isControlPath(new URL(request.url).pathname)) {
        const access = { token: controlToken, remoteAddress: message.socket.remoteAddress };
        return await sendResponse(response, await answerControl(request, session, access));
      }
      const { handlers } = session;
      const overrides = [...preferHandlers(request, handlers), ...session.added];
      // A clone when an override may read the body and then pass the request on to the set.
      let answered = await getResponse([...overrides, ...handlers], overrides.length ? request.clone() : request);
      if (isPassthrough(answered)) answered = await getResponse([...handlers], request);
      if (!answered || isPassthrough(answered)) answered = withCors(notFound(request), request.headers.get("origin"));
      if (!(answered instanceof Response))
        throw new TypeError(`a handler answered ${describeValue(answered)}, not a Response`);
      await sendResponse(response, answered);
    } catch (error) {
      if (response.headersSent || response.destroyed) return void response.destroy();
      const requestId = request ? requestIdFor(request) : newRequestId();
      const refused = error instanceof RequestError;
      const failure = refused
        ? errorResponse(undefined, error.status, error.message, requestId)
        : errorResponse(undefined, 500, messages.internalError(requestId), requestId);
      await sendResponse(response, withCors(failure, message.headers.origin ?? null));
      if (!refused) onError(error);
    }
  };
  server.on("request", (message: IncomingMessage, response: ServerResponse) => {
    // What `answer` cannot handle itself (an `onError` that throws, a socket that fails while the 500 is sent) ends
    // this response only: never an unhandled rejection that would end the process.
    answer(message, response).catch((error: unknown) => {
      response.destroy();
      console.error(`[@petstore/mock] ${NAME}: could not answer a request (onError threw?):`, error);
    });
  });

  let closed: Promise<void> | undefined;
  return {
    baseUrl: `${origin}${BASE_PATH}`,
    controlUrl: `${origin}${CONTROL_PREFIX}`,
    get handlers() {
      return session.handlers;
    },
    use: (...added) => session.use(...added),
    resetHandlers: () => session.resetHandlers(),
    close: () =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      })),
  };
}
