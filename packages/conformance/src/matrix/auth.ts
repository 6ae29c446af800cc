import type { OperationId } from "@petstore/contract";
import type { AuthVariant, ConformanceCase, StagedRequest } from "../case";
import { operationMatrices } from "../generated/matrix";
import { operationObject } from "../internal/contract";
import type { Capability } from "../target";
import { breaksContract } from "./helpers";

const wrongCredentials: { auth: AuthVariant; what: string; requires: Capability[] }[] = [
  { auth: "missing", what: "no Authorization header", requires: [] },
  { auth: "basic-scheme", what: "a Basic credential instead of Bearer", requires: [] },
  { auth: "empty-bearer", what: "`Bearer` with no token", requires: [] },
  { auth: "no-scheme", what: "the key without the `Bearer` scheme", requires: [] },
  { auth: "unknown-key", what: "a bearer token that is not an API key", requires: ["api-key-validation"] },
];

/** `staged` sent with another credential. */
function withAuth({ setup, request }: StagedRequest, auth: AuthVariant): StagedRequest {
  return {
    ...(setup ? { setup } : {}),
    request: typeof request === "function" ? (state) => ({ ...request(state), auth }) : { ...request, auth },
  };
}

/** The one 2xx status the contract declares for the operation. */
function successStatus(operationId: OperationId): number {
  const statuses = Object.keys(operationObject(operationId).operation.responses).filter((status) =>
    /^2\d\d$/.test(status),
  );
  if (statuses.length !== 1) {
    throw new Error(
      `[@petstore/conformance] ${operationId} declares ${statuses.length} 2xx responses; the lowercase-scheme case expects one`,
    );
  }
  return Number(statuses[0]);
}

/**
 * Every operation × every wrong credential → 401, authentication checked before validation, and the auth scheme as
 * a case-insensitive token (RFC 9110 §11.1): `bearer <key>` authenticates like `Bearer`. The requests are each
 * operation's own (`<operationId>Requests` in its matrix file).
 */
export function authCases(): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  const lowercase: ConformanceCase[] = [];
  for (const [operationId, { requests }] of Object.entries(operationMatrices) as [
    OperationId,
    (typeof operationMatrices)[OperationId],
  ][]) {
    const { valid, invalid } = requests;
    for (const { auth, what, requires } of wrongCredentials) {
      const kase: ConformanceCase = {
        id: `${operationId}.auth.${auth}`,
        operationId,
        title: `${operationId} with ${what} is a 401`,
        requires,
        ...withAuth(valid, auth),
        status: 401,
      };
      // An unknown key is well-formed; every other wrong credential breaks the security scheme itself.
      cases.push(auth === "unknown-key" ? kase : breaksContract(kase));
    }
    for (const auth of ["missing", "basic-scheme", "unknown-key"] as const) {
      cases.push(
        breaksContract({
          id: `${operationId}.auth.${auth}-before-validation`,
          operationId,
          title: `${operationId} with ${wrongCredentials.find((c) => c.auth === auth)!.what} and invalid input is a 401, not a 400`,
          requires: auth === "unknown-key" ? ["api-key-validation"] : [],
          request: { ...invalid, auth },
          status: 401,
        }),
      );
    }
    lowercase.push({
      id: `${operationId}.auth.lowercase-scheme`,
      operationId,
      title: `${operationId} with the scheme written \`bearer\` authenticates`,
      requires: ["auth-scheme-case"],
      ...withAuth(valid, "lowercase-scheme"),
      status: successStatus(operationId),
    });
  }
  return [...cases, ...lowercase];
}
