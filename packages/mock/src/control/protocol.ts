import type { OperationId } from "@petstore/contract";
import type { JournalEntry } from "../journal";

/** Where the control API lives on a mock server: outside the contract's `/v1`, so no contract path can collide. */
export const CONTROL_PREFIX = "/__petstore";

/** `POST /__petstore/scenarios`: one of the handler set's scenarios, by name, with its arguments as fields. */
export interface ScenarioRequest {
  scenario: string;
  operationId: OperationId;
  times?: number | undefined;
  auth?: boolean | undefined;
  /** `rateLimited`: seconds in `Retry-After`. */
  retryAfter?: number | undefined;
  /** `slow`: milliseconds to wait. */
  ms?: number | undefined;
  /** `error`: the status, and the Error body's code and message. */
  status?: number | undefined;
  code?: string | undefined;
  message?: string | undefined;
}

/** `POST /__petstore/overrides`: a fixed answer for an operation, checked against the contract when it arrives. */
export interface OverrideRequest {
  operationId: OperationId;
  status: number;
  body?: unknown;
  headers?: Record<string, string> | undefined;
  times?: number | undefined;
  delay?: number | undefined;
  auth?: boolean | undefined;
}

/** `POST /__petstore/clock`: set it (`now`), move it (`advance`), or back to real time (`restore: true`). */
export interface ClockRequest {
  now?: number | string | undefined;
  advance?: number | undefined;
  restore?: true | undefined;
}

/** `GET /__petstore/requests`: the entries held, oldest first, and the index to ask `since` next time. */
export interface JournalPage {
  entries: JournalEntry[];
  nextIndex: number;
}
