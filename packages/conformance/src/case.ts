import type { OperationId } from "@petstore/contract";
import type { Capability } from "./target";

/** How a request authenticates: the target's key, nothing, or a deliberately wrong credential. */
export type AuthVariant =
  | "valid"
  | "lowercase-scheme"
  | "missing"
  | "basic-scheme"
  | "empty-bearer"
  | "no-scheme"
  | "unknown-key";

/** A request relative to a target's base URL. */
export interface CaseRequest {
  /** HTTP method. */
  method: string;
  /** Path and query appended to the target's base URL, e.g. `/pets?limit=1`. */
  path: string;
  /** Which credential to send. */
  auth: AuthVariant;
  /** Extra headers (a JSON body gets `content-type: application/json` unless this names another). */
  headers?: Record<string, string>;
  /** Raw body text, sent as is. */
  body?: string;
}

/** A response read in full, with its JSON body when it has one. */
export interface Exchange {
  request: CaseRequest;
  status: number;
  headers: Headers;
  text: string;
  /** Parsed body; `undefined` when the body is empty or not JSON. */
  json: unknown;
  /** The raw response, for target-specific checks. */
  response: Response;
}

/** Sends requests on behalf of a case (setup steps and the request under test). */
export type Send = (request: CaseRequest) => Promise<Exchange>;

/** A check beyond status, content type, headers and schema; returns a problem or nothing. */
export interface SemanticCheck<State> {
  /** What must be true, e.g. "returns at most `limit` pets". */
  name: string;
  /** Capabilities without which the check says nothing (e.g. Prism's bodies are fixed examples). */
  requires?: readonly Capability[];
  check(exchange: Exchange, state: State): string | undefined;
}

/** A request under test, with the requests sent first when it needs state (a created pet to read). */
export interface StagedRequest<State = any> {
  /** Requests sent first (creating pets); their result feeds `request`. */
  setup?: (send: Send) => Promise<State>;
  /** The request. */
  request: CaseRequest | ((state: State) => CaseRequest);
}

/** One row of the request matrix: the request under test (after its setup, whose result also feeds the checks). */
export interface ConformanceCase<State = any> extends StagedRequest<State> {
  /** Stable id, e.g. `listPets.limit.0`. */
  id: string;
  /** The contract operation the request addresses; `null` for routes outside the contract. */
  operationId: OperationId | null;
  /** What the case proves, in a sentence. */
  title: string;
  /** Capabilities the target needs for the expected status to hold at all. */
  requires: readonly Capability[];
  /** The status the contract and DESIGN §2 demand. */
  status: number;
  /** Checks on the body beyond its schema. */
  checks?: readonly SemanticCheck<State>[];
}

/**
 * What the authentication cases send to one operation, exported by its matrix file as `<operationId>Requests`: every
 * wrong credential on `valid` is a 401, on `invalid` a 401 rather than a 400, and a lowercase `bearer` scheme on
 * `valid` answers its success status.
 */
export interface OperationRequests {
  /** A request the operation answers with its one 2xx response when authenticated. */
  valid: StagedRequest;
  /** A request whose parameters or body the operation refuses. */
  invalid: CaseRequest;
}

/**
 * The matrix file of one operation, `src/matrix/<operation-id>.ts`: its cases (`<operationId>Cases`) and its
 * requests for the authentication cases (`<operationId>Requests`). `pnpm generate` lists the files by the contract's
 * operations in `src/generated/matrix.ts`.
 */
export interface OperationMatrix {
  /** The operation's own cases. */
  cases: () => ConformanceCase[];
  /** What the authentication cases send to it. */
  requests: OperationRequests;
}
