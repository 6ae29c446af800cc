import { isIP } from "node:net";
import { errorCodeByStatus, operationTable, requestLimits } from "@petstore/contract";
import { json, networkError } from "@petstore/mock";
import { requestIdFor, serviceHeaders } from "@petstore/service";
import type { HttpHandler } from "msw";
import { checkMilliseconds, describeValue } from "../internal/check";
import { operationById } from "../internal/contract";
import { framingHeaderProblem, isFramingHeader } from "../internal/framing";
import { assertContractBody, PetstoreContractViolation } from "../internal/respond";
import type { PetstoreHandlers } from "../handlers";
import { waitUnlessAborted } from "../wait";
import { CONTROL_PREFIX, type ClockRequest, type JournalPage } from "./protocol";
import type { MockSession } from "./session";

/** A control request refused: its status and a message naming what is accepted. */
class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Who may use the control API: loopback clients, or (with a token) whoever sends it. */
export interface ControlAccess {
  token: string | undefined;
  /** The client's address, as the socket reports it. */
  remoteAddress: string | undefined;
}

type Body = Record<string, unknown>;

/** Whether `address` is a loopback one (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
function isLoopback(address: string | undefined): boolean {
  if (address === undefined || isIP(address) === 0) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return v4.startsWith("127.") || address === "::1";
}

/** An answer of the control API; `answerControl` adds the service's headers to each. */
function reply(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  if (body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** The control API's errors have the service's Error shape; `code` says which kind. */
function failure(status: number, message: string, headers: Record<string, string> = {}): Response {
  const code = (errorCodeByStatus as Readonly<Record<number, string>>)[status] ?? "forbidden";
  return reply(status, { code, message, status }, headers);
}

/** Throws a 400 naming the accepted fields unless every key of `body` is one of `known`. */
function onlyFields(body: Body, known: readonly string[], what: string): void {
  const unknown = Object.keys(body).filter((name) => !known.includes(name));
  if (unknown.length > 0)
    throw new ControlError(
      400,
      `${what}: unknown field ${unknown.map((name) => JSON.stringify(name)).join(", ")}: use ${known.join(", ")}`,
    );
}

async function readObject(request: Request, what: string): Promise<Body> {
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > requestLimits.bodyBytes)
    throw new ControlError(413, `${what}: the body is over ${requestLimits.bodyBytes} bytes`);
  let body: unknown;
  try {
    body = text.trim() === "" ? {} : JSON.parse(text);
  } catch (error) {
    throw new ControlError(400, `${what}: the body is not valid JSON (${(error as Error).message})`);
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new ControlError(400, `${what}: the body must be a JSON object, got ${describeValue(body)}`);
  return body as Body;
}

/** How each scenario of a handler set is called from a control request's fields. */
const SCENARIOS: Record<keyof PetstoreHandlers["scenario"], { fields: string[]; make: MakeScenario }> = {
  serverError: { fields: [], make: (s, b, o) => s.serverError(b.operationId as never, o) },
  rateLimited: {
    fields: ["retryAfter"],
    make: (s, b, o) => s.rateLimited(b.operationId as never, { ...o, retryAfter: b.retryAfter as number }),
  },
  networkError: { fields: [], make: (s, b, o) => s.networkError(b.operationId as never, o) },
  slow: { fields: ["ms"], make: (s, b, o) => s.slow(b.operationId as never, b.ms as number, o) },
  error: {
    fields: ["status", "code", "message"],
    make: (s, b, o) =>
      s.error(
        b.operationId as never,
        b.status as number,
        { code: b.code as string | undefined, message: b.message as string | undefined },
        o,
      ),
  },
};
type MakeScenario = (
  scenarios: PetstoreHandlers["scenario"],
  body: Body,
  options: { times?: number; auth?: boolean },
) => HttpHandler;

/** The names of the scenarios the control API applies (every scenario of a handler set). */
export const scenarioNames = Object.keys(SCENARIOS);

function scenarioFrom(session: MockSession, body: Body): HttpHandler {
  const what = "POST /__petstore/scenarios";
  const name = body.scenario;
  const scenario = typeof name === "string" ? SCENARIOS[name as keyof typeof SCENARIOS] : undefined;
  if (!scenario || !Object.hasOwn(SCENARIOS, name as string))
    throw new ControlError(400, `${what}: unknown scenario ${describeValue(name)}: use ${scenarioNames.join(", ")}`);
  onlyFields(body, ["scenario", "operationId", "times", "auth", ...scenario.fields], `${what} (${String(name)})`);
  const options: { times?: number; auth?: boolean } = {};
  if (body.times !== undefined) options.times = body.times as number;
  if (body.auth !== undefined) options.auth = body.auth as boolean;
  return scenario.make(session.handlers.scenario, body, options);
}

function checkTimes(times: unknown): number {
  if (times === undefined) return Number.POSITIVE_INFINITY;
  if (!Number.isSafeInteger(times) || (times as number) < 1)
    throw new ControlError(400, `times must be a positive integer, got ${describeValue(times)}`);
  return times as number;
}

function checkHeaders(headers: unknown): Record<string, string> {
  if (headers === undefined) return {};
  if (typeof headers !== "object" || headers === null || Array.isArray(headers))
    throw new ControlError(400, `headers must be an object of names to strings, got ${describeValue(headers)}`);
  for (const [name, value] of Object.entries(headers)) {
    if (typeof value !== "string")
      throw new ControlError(400, `headers.${name} must be a string, got ${describeValue(value)}`);
    if (isFramingHeader(name)) throw new ControlError(400, `headers: ${framingHeaderProblem(name)}`);
  }
  try {
    new Headers(headers as Record<string, string>);
  } catch (error) {
    throw new ControlError(400, `headers: ${(error as Error).message}`);
  }
  return headers as Record<string, string>;
}

/**
 * An override answering `status` with `body` (checked against the contract now, so a bad one is this request's 400),
 * `times` times (each after `delay` ms), through the handler set's own typed override: auth first, service headers.
 */
function overrideFrom(session: MockSession, body: Body): HttpHandler {
  const what = "POST /__petstore/overrides";
  onlyFields(body, ["operationId", "status", "body", "headers", "times", "delay", "auth"], what);
  const operation = operationById(body.operationId as string);
  const { status } = body;
  if (!Number.isInteger(status) || (status as number) < 200 || (status as number) > 599)
    throw new ControlError(400, `${what}: status must be an HTTP status from 200 to 599, got ${describeValue(status)}`);
  assertContractBody(operation, status as number, body.body, `the override (${what})`);
  const headers = checkHeaders(body.headers);
  let remaining = checkTimes(body.times);
  const delay = body.delay === undefined ? 0 : checkMilliseconds("delay", body.delay);
  if (body.auth !== undefined && typeof body.auth !== "boolean")
    throw new ControlError(400, `${what}: auth must be true or false, got ${describeValue(body.auth)}`);
  const answer = body.body;
  return session.handlers.override(
    operation.operationId,
    async ({ request }) => {
      if (remaining <= 0) return undefined;
      remaining -= 1;
      if (delay > 0 && !(await waitUnlessAborted(delay, request.signal))) return networkError();
      return json(status as number, answer, { headers }) as never;
    },
    { auth: body.auth as boolean | undefined },
  );
}

function setClock(session: MockSession, body: Body): void {
  const what = "POST /__petstore/clock";
  onlyFields(body, ["now", "advance", "restore"], what);
  const given = (["now", "advance", "restore"] as const).filter((name) => body[name] !== undefined);
  if (given.length !== 1)
    throw new ControlError(400, `${what}: send one of now (epoch ms or an ISO date), advance (ms) or restore: true`);
  const { now, advance, restore } = body as ClockRequest;
  if (restore !== undefined) {
    if (restore !== true) throw new ControlError(400, `${what}: restore must be true, got ${describeValue(restore)}`);
    session.clock.restore();
  } else if (advance !== undefined) session.clock.advance(advance);
  else {
    const ms = typeof now === "string" ? Date.parse(now) : now;
    if (typeof now === "string" && Number.isNaN(ms))
      throw new ControlError(400, `${what}: now ${describeValue(now)} is not an ISO date such as 2030-01-01T00:00:00Z`);
    session.clock.set(ms as number);
  }
}

function journalPage(session: MockSession, url: URL): JournalPage {
  const what = "GET /__petstore/requests";
  onlyFields(Object.fromEntries(url.searchParams), ["operationId", "since"], `${what} query`);
  const { requests } = session.handlers;
  const operationId = url.searchParams.get("operationId");
  const sinceText = url.searchParams.get("since");
  const since =
    sinceText === null
      ? 0
      : /^\d{1,16}$/.test(sinceText) && Number.isSafeInteger(Number(sinceText))
        ? Number(sinceText)
        : Number.NaN;
  if (Number.isNaN(since))
    throw new ControlError(400, `${what}: since must be an entry index (0 or more), got ${describeValue(sinceText)}`);
  const entries = (operationId === null ? requests.all() : requests.of(operationId as never)).filter(
    (entry) => entry.index >= since,
  );
  return { entries, nextIndex: requests.nextIndex };
}

type Route = {
  method: string;
  run: (request: Request, url: URL, session: MockSession) => Promise<Response> | Response;
};

const ROUTES: Record<string, Route[]> = {
  "": [
    {
      method: "GET",
      run: () =>
        reply(200, {
          endpoints: Object.entries(ROUTES).flatMap(([path, routes]) =>
            routes.map(({ method }) => `${method} ${CONTROL_PREFIX}${path}`),
          ),
          operations: operationTable.map((op) => op.operationId),
          scenarios: scenarioNames,
        }),
    },
  ],
  "/reset": [
    {
      method: "POST",
      run(_request, _url, session) {
        session.reset();
        return reply(204);
      },
    },
  ],
  "/seed": [
    {
      method: "POST",
      async run(request, _url, session) {
        const body = await readObject(request, "POST /__petstore/seed");
        onlyFields(body, ["pets"], "POST /__petstore/seed");
        if (!Array.isArray(body.pets))
          throw new ControlError(
            400,
            `POST /__petstore/seed: pets must be an array of Pets, got ${describeValue(body.pets)}`,
          );
        session.seed(body.pets);
        return reply(204);
      },
    },
  ],
  "/clock": [
    { method: "GET", run: (_r, _u, session) => reply(200, { now: session.clock.now() }) },
    {
      method: "POST",
      async run(request, _url, session) {
        setClock(session, await readObject(request, "POST /__petstore/clock"));
        return reply(200, { now: session.clock.now() });
      },
    },
  ],
  "/scenarios": [
    {
      method: "POST",
      async run(request, _url, session) {
        session.use(scenarioFrom(session, await readObject(request, "POST /__petstore/scenarios")));
        return reply(204);
      },
    },
  ],
  "/overrides": [
    {
      method: "POST",
      async run(request, _url, session) {
        session.use(overrideFrom(session, await readObject(request, "POST /__petstore/overrides")));
        return reply(204);
      },
    },
  ],
  "/handlers": [
    {
      method: "DELETE",
      run(_request, _url, session) {
        session.resetHandlers();
        return reply(204);
      },
    },
  ],
  "/requests": [
    { method: "GET", run: (_r, url, session) => reply(200, journalPage(session, url)) },
    {
      method: "DELETE",
      run(_request, _url, session) {
        session.handlers.requests.clear();
        return reply(204);
      },
    },
  ],
};

/** Whether `pathname` is the control API's (`/__petstore` or under it). */
export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

function authorized(request: Request, access: ControlAccess): Response | undefined {
  if (access.token === undefined) {
    if (!isLoopback(access.remoteAddress)) {
      return failure(
        403,
        "The control API answers loopback clients only; start the mock with a control token (--control-token) to use it from elsewhere.",
      );
    }
    // A web page the developer happens to visit can make the browser send simple requests to loopback; browsers name
    // the page in Origin, which curl, test runners and other programs do not send.
    const origin = request.headers.get("origin");
    if (origin !== null && origin !== new URL(request.url).origin) {
      return failure(
        403,
        `The control API refuses requests from web pages (Origin: ${origin}); start the mock with a control token (--control-token) to allow them.`,
      );
    }
    return undefined;
  }
  if (request.headers.get("authorization") === `Bearer ${access.token}`) return undefined;
  return failure(401, "The control API needs the mock's control token: send Authorization: Bearer <token>.", {
    "www-authenticate": 'Bearer realm="petstore-mock-control"',
  });
}

/**
 * Answers a request under `/__petstore`: checks who asks, then resets, seeds, sets the clock, applies a scenario or
 * override, or reads the journal of `session`. Whatever it is sent, it answers (400s name what is accepted); the
 * contract paths are never touched beyond what the request asked.
 */
export async function answerControl(request: Request, session: MockSession, access: ControlAccess): Promise<Response> {
  const response = await answer(request, session, access);
  // What every answer of the API carries (request id, no sniffing, no caching), from the service's one list.
  for (const [name, value] of Object.entries(serviceHeaders(requestIdFor(request.headers.get("x-request-id")))))
    response.headers.set(name, value);
  return response;
}

async function answer(request: Request, session: MockSession, access: ControlAccess): Promise<Response> {
  const refused = authorized(request, access);
  if (refused) return refused;
  const url = new URL(request.url);
  const path = url.pathname.slice(CONTROL_PREFIX.length).replace(/\/$/, "");
  const routes = Object.hasOwn(ROUTES, path) ? ROUTES[path] : undefined;
  if (!routes) {
    const known = Object.keys(ROUTES).map((name) => `${CONTROL_PREFIX}${name}`);
    return failure(404, `The control API has no ${url.pathname}: use ${known.join(", ")}`);
  }
  const route = routes.find(({ method }) => method === request.method.toUpperCase());
  if (!route) {
    const allow = routes.map(({ method }) => method).join(", ");
    return failure(405, `${request.method} ${url.pathname} is not supported: use ${allow}`, { allow });
  }
  try {
    return await route.run(request, url, session);
  } catch (error) {
    if (error instanceof ControlError) return failure(error.status, error.message);
    // The handler set's own checks: a bad operation, option, seed pet or response body, each named.
    if (error instanceof TypeError || error instanceof RangeError || error instanceof PetstoreContractViolation)
      return failure(400, error.message.replace(/^\[@petstore\/mock\] /, ""));
    throw error;
  }
}
