import type { OperationId, Pet } from "@petstore/contract";
import type { AuthVariant, CaseRequest, ConformanceCase } from "../case";
import type { Capability } from "../target";
import { breaksContract, createPets, createRequest, newPet } from "./helpers";

/** A valid request per operation, and one that is invalid in its parameters or body. */
const requests: Record<OperationId, { valid: CaseRequest; invalid: CaseRequest }> = {
  listPets: {
    valid: { method: "GET", path: "/pets", auth: "valid" },
    invalid: { method: "GET", path: "/pets?limit=0&status=lost", auth: "valid" },
  },
  createPet: {
    valid: createRequest(newPet()),
    invalid: createRequest({ name: "", categoryId: "one" }),
  },
  getPet: {
    valid: { method: "GET", path: "/pets/1", auth: "valid" },
    invalid: { method: "GET", path: "/pets/abc", auth: "valid" },
  },
};

const wrongCredentials: { auth: AuthVariant; what: string; requires: Capability[] }[] = [
  { auth: "missing", what: "no Authorization header", requires: [] },
  { auth: "basic-scheme", what: "a Basic credential instead of Bearer", requires: [] },
  { auth: "empty-bearer", what: "`Bearer` with no token", requires: [] },
  { auth: "no-scheme", what: "the key without the `Bearer` scheme", requires: [] },
  { auth: "unknown-key", what: "a bearer token that is not an API key", requires: ["api-key-validation"] },
];

/**
 * Each operation called with `bearer <key>`: the auth scheme is a case-insensitive token (RFC 9110 §11.1), so a
 * lowercase scheme authenticates like `Bearer`. getPet reads a pet created first, so the answer is a 200, not a 404.
 */
function lowercaseSchemeCases(): ConformanceCase[] {
  const auth = "lowercase-scheme" as const;
  const requires: Capability[] = ["auth-scheme-case"];
  const title = (operationId: OperationId) => `${operationId} with the scheme written \`bearer\` authenticates`;
  return [
    {
      id: "listPets.auth.lowercase-scheme",
      operationId: "listPets",
      title: title("listPets"),
      requires,
      request: { ...requests.listPets.valid, auth },
      status: 200,
    },
    {
      id: "createPet.auth.lowercase-scheme",
      operationId: "createPet",
      title: title("createPet"),
      requires,
      request: { ...createRequest(newPet()), auth },
      status: 201,
    },
    {
      id: "getPet.auth.lowercase-scheme",
      operationId: "getPet",
      title: title("getPet"),
      requires,
      setup: (send) => createPets(send, [newPet()]),
      request: ([pet]: Pet[]) => ({ method: "GET", path: `/pets/${pet!.id}`, auth }),
      status: 200,
    },
  ];
}

/** Every operation × every wrong credential → 401; authentication is checked before validation; scheme case. */
export function authCases(): ConformanceCase[] {
  const cases: ConformanceCase[] = [];
  for (const [operationId, { valid, invalid }] of Object.entries(requests) as [
    OperationId,
    (typeof requests)[OperationId],
  ][]) {
    for (const { auth, what, requires } of wrongCredentials) {
      const kase: ConformanceCase = {
        id: `${operationId}.auth.${auth}`,
        operationId,
        title: `${operationId} with ${what} is a 401`,
        requires,
        request: { ...valid, auth },
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
  }
  cases.push(...lowercaseSchemeCases());
  return cases;
}
