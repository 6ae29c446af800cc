import type { Writable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { requestLimits } from "@petstore/contract";
import {
  BODY_SAMPLE,
  createRouter,
  messages,
  parseJsonBody,
  PATH_PARAMETER_MAX_LENGTH,
  WWW_AUTHENTICATE,
} from "@petstore/service-rules";
import { authorizationOf, createAuthenticator } from "./auth";
import { contractOperations, type Schema } from "./contract";
import { createClientErrorHandler, createConnectHandler } from "./client-errors";
import { closeConnectionsAfterResponse } from "./closing-connections";
import { createCors } from "./cors";
import { sendError } from "./errors";
import { createErrorHandler } from "./error-handler";
import { partOf, routeSchema } from "./fastify-schema";
import { createHandlers } from "./handlers";
import { addHealthRoutes } from "./health";
import { ServerLog, withoutLogs } from "./logging";
import { createOnRequest } from "./on-request";
import { requestIdFor } from "./request-id";
import { allowedMethodsMatcher, BASE_PATH, fastifyUrl, methodsByUrl, pathOf } from "./routes";
import { compileBodyValidator, compileParameterValidator, type PartValidator } from "./validators";
import type { LogLevel } from "../options";
import type { PetStore } from "../store/types";

/** Everything `buildApp` needs, with defaults already applied. */
export interface AppConfig {
  apiKeys: readonly string[];
  store: PetStore;
  logger: boolean;
  logLevel: LogLevel;
  logStream?: Writable;
  corsOrigins: readonly string[];
  bodyLimit: number;
  requestTimeout: number;
}

/** Builds the Fastify app: routes, validation and serialization from the contract, auth first, errors as Error bodies. */
declare module "fastify" {
  interface FastifyInstance {
    /** Replaces the accepted API keys from the next request on; connections and requests in flight are untouched. */
    setApiKeys(keys: readonly string[]): void;
  }
}

export function buildApp(config: AppConfig): FastifyInstance {
  const operations = contractOperations();
  const routeList = operations.map((op) => `${op.method} ${BASE_PATH}${op.path}`).join(", ");
  const answerClientError = createClientErrorHandler({ routeList, maxHeaderSize: requestLimits.headerBytes });
  // Swapped whole by `setApiKeys` (SIGHUP): a request uses the keys in force when it is authenticated.
  let authenticateWith = createAuthenticator(config.apiKeys);
  const authenticate = (header: string | undefined) => authenticateWith(header);

  const route = createRouter(operations);
  /** The operation a raw (maybe undecodable) URL and method address, if any. */
  const operationAt = (method: string, url: string) => {
    const path = url.split("?")[0] ?? "";
    return path.startsWith(`${BASE_PATH}/`) ? route(path.slice(BASE_PATH.length))?.operations.get(method) : undefined;
  };
  const log = config.logger
    ? new ServerLog({ level: config.logLevel, ...(config.logStream ? { stream: config.logStream } : {}) })
    : undefined;
  // Fastify's own logger stays off (see ServerLog): the server's lines go through `log`.
  const serverLog = log?.pino ?? { info() {} };
  const app = Fastify({
    ...(log ? log.fastifyOptions() : withoutLogs()),
    genReqId: requestIdFor,
    requestIdHeader: false,
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeout,
    exposeHeadRoutes: false,
    forceCloseConnections: "idle",
    return503OnClosing: false, // answered in onRequest instead, as an Error body
    // Node would answer a missing Host with an empty 400; onRequest answers it with an Error body instead.
    // Node only enforces a requestTimeout given when the server is created (Fastify sets its own afterwards, which
    // Node 20 then ignores), and checks it every connectionsCheckingInterval (30 s by default): at least every second.
    http: {
      requireHostHeader: false,
      maxHeaderSize: requestLimits.headerBytes,
      requestTimeout: config.requestTimeout,
      connectionsCheckingInterval: Math.min(1000, config.requestTimeout),
    },
    // Requests Node's parser rejects (unknown method, bad framing, headers too large) never become requests.
    clientErrorHandler(error, socket) {
      answerClientError(error, socket, serverLog);
    },
    routerOptions: { maxParamLength: PATH_PARAMETER_MAX_LENGTH },
    // A URL the router cannot decode never reaches the hooks: answer it here as an Error body, after authentication
    // when it is an operation's path, and with the operation's constant headers (getPet's deprecation).
    frameworkErrors: (error, request, reply) => {
      reply.header("x-request-id", request.id);
      const operation = operationAt(request.method, request.url);
      if (operation) {
        reply.headers(operation.constantHeaders);
        const auth = authenticate(authorizationOf(request.raw));
        if (!auth.ok)
          return sendError(
            auth.status === 401 ? reply.header("www-authenticate", WWW_AUTHENTICATE) : reply,
            auth.status,
            auth.message,
          );
      }
      if (error.code === "FST_ERR_BAD_URL") return sendError(reply, 400, messages.badUrl);
      if (error.code === "FST_ERR_MAX_PARAM_LENGTH") return sendError(reply, 400, messages.longSegment);
      return sendError(reply, 400, messages.notUnderstood(error.message));
    },
  });
  app.removeContentTypeParser(["text/plain", "application/json"]);
  // The service's JSON rules (nesting limit checked before parsing, prototype keys refused) instead of Fastify's parser.
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string, BODY_SAMPLE));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.setValidatorCompiler(({ schema, httpPart }) => compilePart(schema as Schema, httpPart));
  const answerConnect = createConnectHandler(routeList);
  app.server.on("connect", (request, socket) => answerConnect(request, socket, serverLog));
  // Expectations other than 100-continue may be ignored (RFC 9110 §10.1.1): serve the request as usual
  // rather than let Node answer an empty 417.
  app.server.on("checkExpectation", (request, response) => app.server.emit("request", request, response));

  const byUrl = methodsByUrl(operations);
  const allowedAt = allowedMethodsMatcher(byUrl);

  // While closing, end each keep-alive connection after its response, so close() need not wait for idle timeouts.
  let closing = false;
  const closeAfterResponse = closeConnectionsAfterResponse(app.server);
  app.addHook("preClose", async () => {
    closing = true;
    closeAfterResponse();
  });

  // `Expect: 100-continue` (curl sends it for bodies over 1 KiB): invite the body only from a caller whose key is
  // good; otherwise the onRequest hook answers 401 without it, so a bad key never uploads its body.
  app.server.on("checkContinue", (request, response) => {
    if (authenticate(authorizationOf(request)).ok) response.writeContinue();
    app.server.emit("request", request, response);
  });

  if (log) {
    app.addHook("onListen", (done) => {
      const address = app.server.address();
      if (address !== null && typeof address !== "string") {
        const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
        log.pino.info(`Server listening at http://${host}:${address.port}`);
      }
      done();
    });
  }

  app.decorateRequest("caller", null);
  app.decorate("setApiKeys", (keys: readonly string[]) => {
    authenticateWith = createAuthenticator(keys);
  });
  app.addHook(
    "onRequest",
    createOnRequest({
      isClosing: () => closing,
      ...(log ? { track: (request, reply) => log.track(request, reply) } : {}),
      cors: createCors(config.corsOrigins, allowedAt),
      allowedAt,
      authenticate,
    }),
  );

  app.setErrorHandler(createErrorHandler(config.bodyLimit));

  const handlers = createHandlers(config.store);
  for (const operation of operations) {
    const handler = handlers[operation.operationId];
    if (!handler)
      throw new Error(`[@petstore/server] no handler for the contract's operation ${operation.operationId}`);
    app.route({
      method: operation.method as "GET",
      url: fastifyUrl(operation.path),
      schema: routeSchema(operation),
      config: { operation },
      handler,
    });
  }

  for (const [url, allowed] of byUrl) {
    const allow = allowed.join(", ");
    app.route({
      method: "OPTIONS",
      url,
      handler: async (_request, reply) => reply.code(204).header("allow", `${allow}, OPTIONS`).send(),
    });
  }

  addHealthRoutes(app, config.store);

  app.setNotFoundHandler(async (request, reply) =>
    sendError(reply, 404, messages.notFound(request.method, pathOf(request.url), routeList)),
  );
  return app;
}

function compilePart(schema: Schema, httpPart: string | undefined): PartValidator {
  const { operation, parameters } = partOf(schema);
  if (!operation) throw new Error(`[@petstore/server] no contract operation attached to the ${httpPart} schema`);
  if (httpPart === "body") return compileBodyValidator(operation);
  if (!parameters) throw new Error(`[@petstore/server] no contract parameters attached to the ${httpPart} schema`);
  return compileParameterValidator(operation, parameters, httpPart);
}
