import type { JsonSchema as Schema } from "@petstore/contract";

/** A phrase saying what a value must be, derived from its schema, e.g. "an integer from 1 to 100". */
export function describeSchema(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  switch (schema.type) {
    case "integer":
      if (schema.format === "int64" && min === 1) return "a positive 64-bit integer";
      if (min !== undefined && max !== undefined) return `an integer from ${min} to ${max}`;
      if (schema.format === "int64") return "a 64-bit integer (JavaScript-safe, at most 9007199254740991)";
      if (min !== undefined) return `an integer of at least ${min}`;
      return "an integer";
    case "string": {
      const minLength = schema.minLength as number | undefined;
      const maxLength = schema.maxLength as number | undefined;
      if (minLength !== undefined && maxLength !== undefined)
        return `a string of ${minLength} to ${maxLength} characters`;
      if (minLength === 1) return "a non-empty string";
      return "a string";
    }
    case "object":
      return "a JSON object";
    case "array":
      return "a JSON array";
    default:
      return `a value of type ${String(schema.type ?? "any")}`;
  }
}
