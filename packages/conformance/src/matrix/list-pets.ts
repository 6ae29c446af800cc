import type { Pet, PetStatus } from "@petstore/contract";
import type { ConformanceCase, OperationRequests, SemanticCheck } from "../case";
import { componentSchema, parameterSchema } from "../internal/contract";
import { breaksContract, createPets, newPet, petsOf } from "./helpers";

type Created = Pet[];

const atMost = (limit: number): SemanticCheck<unknown> => ({
  name: `returns at most ${limit} pets`,
  requires: ["stateful"],
  check: (exchange) => {
    const length = petsOf(exchange)?.length ?? 0;
    return length <= limit ? undefined : `expected at most ${limit} pets, got ${length}`;
  },
});

const ascending: SemanticCheck<unknown> = {
  name: "lists pets in ascending id order",
  requires: ["stateful"],
  check: (exchange) => {
    const ids = (petsOf(exchange) ?? []).map((pet) => pet.id);
    return ids.every((id, i) => i === 0 || id > ids[i - 1]!) ? undefined : `ids not ascending: ${ids.join(",")}`;
  },
};

const includesCreated: SemanticCheck<Created> = {
  name: "includes the pets created before",
  requires: ["stateful"],
  check: (exchange, created) => {
    const listed = new Map((petsOf(exchange) ?? []).map((pet) => [pet.id, pet]));
    const missing = created.filter((pet) => JSON.stringify(listed.get(pet.id)) !== JSON.stringify(pet));
    return missing.length === 0
      ? undefined
      : `created pets missing or changed in the list: ${missing.map((p) => p.id).join(",")}`;
  },
};

/** What the authentication cases send to `GET /pets`. */
export const listPetsRequests: OperationRequests = {
  valid: { request: { method: "GET", path: "/pets", auth: "valid" } },
  invalid: { method: "GET", path: "/pets?limit=0&status=lost", auth: "valid" },
};

/** `GET /pets`: limit boundaries and types, every status, unknown status, default limit, order and filter. */
export function listPetsCases(): ConformanceCase[] {
  const limit = parameterSchema("listPets", "limit");
  const { minimum, maximum } = limit as { minimum: number; maximum: number; default: number };
  const defaultLimit = limit.default as number;
  const statuses = componentSchema("PetStatus").enum as PetStatus[];
  const list = (query: string) => ({ method: "GET", path: `/pets${query}`, auth: "valid" as const });

  const cases: ConformanceCase[] = [
    {
      id: "listPets.ok",
      operationId: "listPets",
      title: "lists pets without parameters",
      requires: [],
      request: list(""),
      status: 200,
      checks: [atMost(defaultLimit), ascending],
    },
  ];
  for (const value of [minimum, minimum + 1, maximum - 1, maximum]) {
    cases.push({
      id: `listPets.limit.${value}`,
      operationId: "listPets",
      title: `accepts limit=${value} (inside ${minimum}–${maximum})`,
      requires: [],
      setup: (send) => createPets(send, [newPet(), newPet()]),
      request: list(`?limit=${value}`),
      status: 200,
      checks: [
        atMost(value),
        ...(value === minimum
          ? [
              {
                name: "returns exactly limit pets when more exist",
                requires: ["stateful"],
                check: (e) =>
                  petsOf(e)?.length === value ? undefined : `expected ${value} pet(s), got ${petsOf(e)?.length}`,
              } satisfies SemanticCheck<unknown>,
            ]
          : []),
      ],
    });
  }
  for (const [value, why] of [
    [String(minimum - 1), "below the minimum"],
    [String(maximum + 1), "above the maximum"],
    ["-1", "negative"],
    ["abc", "not a number"],
    ["1.5", "not an integer"],
    [String(2 ** 53), "2^53"],
  ] as const) {
    cases.push(
      breaksContract({
        id: `listPets.limit.${value}`,
        operationId: "listPets",
        title: `rejects limit=${value} (${why}) with 400`,
        requires: [],
        request: list(`?limit=${value}`),
        status: 400,
      }),
    );
  }
  for (const status of statuses) {
    cases.push({
      id: `listPets.status.${status}`,
      operationId: "listPets",
      title: `filters by status=${status}`,
      requires: [],
      setup: (send) => createPets(send, [newPet({ status })]),
      request: list(`?status=${status}&limit=${maximum}`),
      status: 200,
      checks: [
        {
          name: "returns only pets with that status",
          requires: ["stateful"],
          check: (e) =>
            ((petsOf(e) ?? []).find((p) => p.status !== status) &&
              `a pet with another status than ${status} was listed`) ||
            undefined,
        },
        includesCreated,
        ascending,
      ],
    });
  }
  for (const status of ["lost", statuses[0]!.toUpperCase()]) {
    cases.push(
      breaksContract({
        id: `listPets.status.${status}`,
        operationId: "listPets",
        title: `rejects status=${status} (not in the enum) with 400`,
        requires: [],
        request: list(`?status=${status}`),
        status: 400,
      }),
    );
  }
  cases.push(
    {
      id: "listPets.default-limit",
      operationId: "listPets",
      title: `returns exactly ${defaultLimit} pets by default when more exist`,
      requires: [],
      setup: (send) =>
        createPets(
          send,
          Array.from({ length: defaultLimit + 1 }, () => newPet()),
        ),
      request: list(""),
      status: 200,
      checks: [
        {
          name: `returns ${defaultLimit} pets`,
          requires: ["stateful"],
          check: (e) =>
            petsOf(e)?.length === defaultLimit ? undefined : `expected ${defaultLimit} pets, got ${petsOf(e)?.length}`,
        },
        ascending,
      ],
    },
    {
      id: "listPets.created-listed",
      operationId: "listPets",
      title: "lists created pets unchanged, in ascending id order",
      requires: [],
      setup: (send) => createPets(send, [newPet({ status: "pending" }), newPet({ status: "pending" })]),
      request: list(`?status=pending&limit=${maximum}`),
      status: 200,
      checks: [includesCreated, ascending],
    },
  );
  return cases;
}
