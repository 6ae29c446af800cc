import type { PetStore } from "./store";

/** Who called: the name their idempotency keys are kept under (a digest of the API key on the server). */
export interface Caller {
  scope: string;
}

/** A request that passed authentication and validation, as an operation sees it. */
export interface OperationRequest {
  /** Coerced path, query and header parameters by name (header names as the contract spells them). */
  params: Record<string, unknown>;
  /** The validated JSON body; undefined when the operation takes none or none was sent. */
  body: unknown;
  caller: Caller;
  /** The base path the request came under, e.g. `/v1`, for `Location` and messages. */
  basePath: string;
  store: PetStore;
}

/** What an operation answers: status, body (none for a bodiless status such as 204) and extra headers. */
export interface OperationAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One operation of the contract: the only business logic of the service. It throws a RuleError for an answer that
 * is an Error body (404), and lets store errors (IdempotencyConflictError, StoreUnavailableError) through.
 */
export type Operation = (request: OperationRequest) => Promise<OperationAnswer> | OperationAnswer;

/** `createPet` → `create-pet`: the name of the file under `src/operations/` that holds an operation's function. */
export function operationFileName(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * What to do for an operation without a function, naming the file from the repository's root:
 * `write packages/service/src/operations/create-pet.ts exporting …, then run pnpm generate again`.
 */
export function operationFileAdvice(operationId: string): string {
  return (
    `write packages/service/src/operations/${operationFileName(operationId)}.ts exporting ` +
    `\`const ${operationId}: Operation\` (as get-pet.ts does), then run pnpm generate again`
  );
}
