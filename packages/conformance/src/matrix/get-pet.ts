import type { Pet } from "@petstore/contract";
import type { CaseRequest, ConformanceCase, OperationRequests } from "../case";
import { parameterSchema } from "../internal/contract";
import { breaksContract, createPets, differs, newPet, petOf } from "./helpers";

const get = (id: string): CaseRequest => ({ method: "GET", path: `/pets/${id}`, auth: "valid" });

/** What the authentication cases send to `GET /pets/{petId}`: a pet created first, so the answer is a 200. */
export const getPetRequests: OperationRequests = {
  valid: { setup: (send) => createPets(send, [newPet()]), request: ([pet]: Pet[]) => get(String(pet!.id)) },
  invalid: get("abc"),
};

/** `GET /pets/{petId}`: a created pet, ids outside int64 or not integers, unknown ids at the int64 edges. */
export function getPetCases(): ConformanceCase[] {
  const petId = parameterSchema("getPet", "petId");
  const cases: ConformanceCase[] = [
    {
      id: "getPet.created",
      operationId: "getPet",
      title: "returns a created pet, with the deprecation headers",
      requires: [],
      setup: (send) => createPets(send, [newPet({ status: "sold" })]),
      request: ([pet]: Pet[]) => get(String(pet!.id)),
      status: 200,
      checks: [
        {
          name: "returns the pet as created",
          requires: ["stateful"],
          check: (e, [pet]: Pet[]) => differs("pet", petOf(e), pet),
        },
      ],
    },
    {
      id: "getPet.created-without-status",
      operationId: "getPet",
      title: "returns a pet created without status without inventing one",
      requires: [],
      setup: (send) => createPets(send, [newPet()]),
      request: ([pet]: Pet[]) => get(String(pet!.id)),
      status: 200,
      checks: [
        {
          name: "has no status",
          requires: ["stateful"],
          check: (e) =>
            petOf(e) && "status" in petOf(e)!
              ? `expected no status, got ${JSON.stringify(petOf(e)!.status)}`
              : undefined,
        },
      ],
    },
  ];
  const minimum = petId.minimum as number;
  for (const [id, why] of [
    [String(minimum - 1), "zero"],
    ["-1", "negative"],
    ["abc", "not a number"],
    ["1.5", "not an integer"],
    ["9223372036854775808", "2^63, above int64"],
  ] as const) {
    cases.push(
      breaksContract({
        id: `getPet.id.${id}`,
        operationId: "getPet",
        title: `rejects petId ${id} (${why}) with 400`,
        requires: [],
        request: get(id),
        status: 400,
      }),
    );
  }
  for (const [id, why, requires] of [
    [String(2 ** 53), "2^53", ["stateful", "int64-ids"]],
    ["9223372036854775807", "2^63-1, the largest int64", ["stateful", "int64-ids"]],
  ] as const) {
    cases.push({
      id: `getPet.id.${id}`,
      operationId: "getPet",
      title: `answers an unknown petId ${id} (${why}) with 404`,
      requires,
      request: get(id),
      status: 404,
    });
  }
  return cases;
}
