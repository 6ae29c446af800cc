import { validators } from "./generated/validators";

/** One error of a precompiled validator, as Ajv reports it. */
export interface ValidationError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A precompiled validator: true when `data` is valid, otherwise `errors` holds the first problem. */
export type Validate = ((data: unknown) => boolean) & { errors?: ValidationError[] | null };

const table = validators as unknown as Record<string, Validate>;

/**
 * The validator generated for `key` (`<operationId> <part>`, e.g. `getPet path:petId`, `createPet body`,
 * `listPets response:200`, or `component Pet`). Throws when the generated validators are stale.
 */
export function validatorFor(key: string): Validate {
  const validate = table[key];
  if (!validate) {
    throw new Error(
      `[@petstore/service] no generated validator for ${key}: run \`pnpm --filter @petstore/service generate\``,
    );
  }
  return validate;
}

/** A validator's errors as one line, e.g. `/name must NOT have fewer than 1 characters`. */
export function describeErrors(validate: Validate): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || "(root)"} ${e.message ?? "is invalid"}`).join("; ");
}
