import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import type { ConformanceCase, SemanticCheck } from "../case";
import { componentSchema, operationObject, resolveRef } from "../internal/contract";
import { breaksContract, createPets, createRequest, differs, newPet, petOf } from "./helpers";

/** The 201 body is the request's pet with an id (and without any field the request added beyond NewPet). */
const echoes = (body: NewPet): SemanticCheck<unknown> => ({
  name: "returns the pet as sent, with an assigned id",
  requires: ["stateful"],
  check: (exchange) => {
    const { id, ...rest } = petOf(exchange) ?? ({} as Pet);
    const expected: Record<string, unknown> = { name: body.name, categoryId: body.categoryId };
    if (body.status !== undefined) expected.status = body.status;
    return typeof id === "number" && id >= 1
      ? differs("pet fields", rest, expected)
      : `expected a positive id, got ${id}`;
  },
});

/** Values of the wrong type or outside the schema for each NewPet property, derived from the schema. */
function invalidValues(schema: Record<string, any>): { label: string; value: unknown }[] {
  const resolved = resolveRef(schema);
  if (resolved.enum)
    return [
      { label: "unknown", value: "lost" },
      { label: "null", value: null },
      { label: "number", value: 1 },
    ];
  if (resolved.type === "string")
    return [
      { label: "number", value: 123 },
      { label: "empty", value: "" },
      { label: "null", value: null },
    ];
  if (resolved.type === "integer")
    return [
      { label: "string", value: "1" },
      { label: "fraction", value: 1.5 },
      { label: "null", value: null },
    ];
  return [];
}

/** `POST /pets`: valid bodies, every required field missing, every property invalid, body shapes, media type, size, idempotency. */
export function createPetCases(): ConformanceCase[] {
  const schema = componentSchema("NewPet");
  const required = schema.required as (keyof NewPet)[];
  const statuses = componentSchema("PetStatus").enum as PetStatus[];
  const keyParameter = (operationObject("createPet").operation.parameters as Record<string, any>[])
    .map(resolveRef)
    .find((p) => p.name === "Idempotency-Key")!;
  const maxKeyLength = resolveRef(keyParameter.schema).maxLength as number;
  const cases: ConformanceCase[] = [];

  const valid = (id: string, title: string, body: NewPet, sent: unknown = body): ConformanceCase => ({
    id: `createPet.${id}`,
    operationId: "createPet",
    title,
    requires: [],
    request: createRequest(sent),
    status: 201,
    checks: [echoes(body)],
  });
  cases.push(valid("minimal", "creates a pet from name and categoryId, with no default status", newPet()));
  for (const status of statuses)
    cases.push(valid(`status.${status}`, `creates a pet with status ${status}`, newPet({ status })));
  for (const categoryId of [0, -1, 2 ** 53 - 1])
    cases.push(
      valid(
        `categoryId.${categoryId}`,
        `accepts categoryId ${categoryId} (no bounds declared)`,
        newPet({ categoryId }),
      ),
    );
  cases.push(valid("unicode-name", "keeps a non-ASCII name intact", newPet({ name: "Rex 🐕 Ünïcødé" })));
  const withExtra = newPet();
  cases.push(
    valid("ignores-unknown-fields", "ignores fields NewPet does not name", withExtra, {
      ...withExtra,
      color: "brown",
      owner: { id: 1 },
    }),
  );
  const withId = newPet();
  cases.push({
    ...valid("ignores-id", "ignores an id in the body and assigns its own", withId, { ...withId, id: 424242 }),
    setup: (send) => createPets(send, [newPet()]),
    request: createRequest({ ...withId, id: 424242 }),
    checks: [
      echoes(withId),
      {
        name: "assigns an id above earlier ones",
        requires: ["stateful"],
        check: (e, before: Pet[]) =>
          (petOf(e)?.id ?? 0) > before[0]!.id
            ? undefined
            : `expected an id above ${before[0]!.id}, got ${petOf(e)?.id}`,
      },
    ],
  });

  const keyed = newPet();
  for (const field of required) {
    const { [field]: _dropped, ...body } = newPet();
    cases.push(
      breaksContract({
        id: `createPet.missing.${field}`,
        operationId: "createPet",
        title: `rejects a body without ${field} with 400`,
        requires: [],
        request: createRequest(body),
        status: 400,
      }),
    );
  }
  for (const [field, propertySchema] of Object.entries(schema.properties as Record<string, any>)) {
    for (const { label, value } of invalidValues(propertySchema)) {
      cases.push(
        breaksContract({
          id: `createPet.${field}.${label}`,
          operationId: "createPet",
          title: `rejects ${field}=${JSON.stringify(value)} with 400`,
          requires: [],
          request: createRequest({ ...newPet(), [field]: value }),
          status: 400,
        }),
      );
    }
  }
  for (const [label, raw] of [
    ["array", "[]"],
    ["null", "null"],
    ["string", '"Rex"'],
    ["number", "42"],
    ["empty", ""],
  ] as const) {
    cases.push(
      breaksContract({
        id: `createPet.body.${label}`,
        operationId: "createPet",
        title: `rejects a body that is ${label === "empty" ? "empty" : `JSON ${label}`} with 400`,
        requires: [],
        request: {
          method: "POST",
          path: "/pets",
          auth: "valid",
          headers: { "content-type": "application/json" },
          body: raw,
        },
        status: 400,
      }),
    );
  }
  cases.push(
    {
      id: "createPet.body.malformed",
      operationId: "createPet",
      title: "rejects malformed JSON with 400",
      requires: ["malformed-json"],
      request: { ...createRequest(newPet()), body: '{"name": "Rex", ' },
      status: 400,
    },
    breaksContract({
      id: "createPet.media-type.text",
      operationId: "createPet",
      title: "rejects a text/plain body with 415",
      requires: [],
      request: createRequest(newPet(), { headers: { "content-type": "text/plain" } }),
      status: 415,
    }),
    {
      id: "createPet.payload-too-large",
      operationId: "createPet",
      title: "rejects a body above 1 MiB with 413",
      requires: ["payload-limit"],
      request: createRequest(newPet({ name: "x".repeat(1024 * 1024 + 1) })),
      status: 413,
    },
    {
      ...valid("idempotency-key.max-length", `accepts an Idempotency-Key of ${maxKeyLength} characters`, keyed),
      request: createRequest(keyed, {
        headers: { "idempotency-key": crypto.randomUUID() + "k".repeat(maxKeyLength - 36) },
      }),
    },
    // minLength 1 makes an empty key invalid, not absent: a client that sends one has lost its key and must not get
    // a fresh, unprotected create.
    {
      id: "createPet.idempotency-key.empty",
      operationId: "createPet",
      title: "rejects an empty Idempotency-Key with 400",
      requires: ["empty-header-values"],
      request: createRequest(newPet(), { headers: { "idempotency-key": "" } }),
      status: 400,
    },
    breaksContract({
      id: "createPet.idempotency-key.too-long",
      operationId: "createPet",
      title: `rejects an Idempotency-Key of ${maxKeyLength + 1} characters with 400`,
      requires: [],
      request: createRequest(newPet(), { headers: { "idempotency-key": "k".repeat(maxKeyLength + 1) } }),
      status: 400,
    }),
  );
  return cases;
}
