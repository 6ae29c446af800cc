import type { NewPet, Pet, PetStatus } from "@petstore/contract";
import type { ConformanceCase, OperationRequests, SemanticCheck } from "../case";
import { componentSchema, operationObject, resolveRef } from "../internal/contract";
import { breaksContract, createPets, createRequest, differs, newPet, petOf } from "./helpers";
import { idempotencyCases } from "./idempotency";

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
      ...(typeof resolved.maxLength === "number"
        ? [{ label: "too-long", value: "x".repeat(resolved.maxLength + 1) }]
        : []),
    ];
  if (resolved.type === "integer")
    return [
      { label: "string", value: "1" },
      { label: "fraction", value: 1.5 },
      { label: "null", value: null },
      ...(typeof resolved.maximum === "number" ? [{ label: "above-maximum", value: resolved.maximum + 1 }] : []),
      ...(typeof resolved.minimum === "number" ? [{ label: "below-minimum", value: resolved.minimum - 1 }] : []),
    ];
  return [];
}

/** What the authentication cases send to `POST /pets`. */
export const createPetRequests: OperationRequests = {
  valid: { request: createRequest(newPet()) },
  invalid: createRequest({ name: "", categoryId: "one" }),
};

/** `POST /pets`: valid bodies, every required field missing, every property invalid, body shapes, media type, size, idempotency (./idempotency.ts). */
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
  const categoryId = resolveRef(schema.properties.categoryId);
  for (const value of [0, -1, categoryId.minimum as number, categoryId.maximum as number])
    cases.push(
      valid(
        `categoryId.${value}`,
        `accepts categoryId ${value} (within the declared bounds)`,
        newPet({ categoryId: value }),
      ),
    );
  // Characters are Unicode code points: a name of maxLength emoji is 2 × maxLength UTF-16 units, and still valid.
  const maxName = resolveRef(schema.properties.name).maxLength as number;
  cases.push(
    valid("name.max-length", `accepts a name of ${maxName} characters`, newPet({ name: "🐕".repeat(maxName) })),
  );
  // A double rounds 9007199254740990.6 to the integer 9007199254740991: the service must see the fraction, not round it.
  const nearMaximum = `${(categoryId.maximum as number) - 1}.6`;
  cases.push(
    breaksContract({
      id: "createPet.categoryId.rounded-fraction",
      operationId: "createPet",
      title: `rejects categoryId ${nearMaximum} (a fraction a double would round to an integer) with 400`,
      requires: ["exact-numbers"],
      request: createRequest(undefined, {
        body: JSON.stringify(newPet()).replace(/"categoryId":7/, `"categoryId":${nearMaximum}`),
      }),
      status: 400,
    }),
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
          title: `rejects ${field}=${typeof value === "string" && value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value)} with 400`,
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
      // Valid but for its size (the name stays within maxLength; fields NewPet does not name are ignored), so only the
      // size limit can refuse it.
      request: createRequest({ ...newPet(), padding: "x".repeat(1024 * 1024 + 1) }),
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
  cases.push(...idempotencyCases());
  return cases;
}
