import type { JsonSchema } from "@petstore/contract";

function nullable(schema: JsonSchema): boolean {
  return (
    schema.type === "null" || (Array.isArray(schema.type) && schema.type.includes("null")) || schema.nullable === true
  );
}

/** Leaves a value as it is. */
const same = (value: unknown) => value;

/**
 * A function giving a value only the fields `schema` names, in the schema's order, at every depth (objects by their
 * `properties`, arrays by their `items`): a store that returns more than the contract (a column added for another
 * reason) never leaks it, and answers serialize byte-identically whatever the key order of what the store returned.
 */
export function shapeFor(schema: JsonSchema | undefined): (value: unknown) => unknown {
  if (!schema) return same;
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties && schema.additionalProperties !== true) {
    const fields = Object.entries(properties).map(
      ([name, property]) => [name, shapeFor(property), nullable(property)] as const,
    );
    return (value) => {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [name, shape, allowsNull] of fields) {
        const field = (value as Record<string, unknown>)[name];
        // A database's NULL for an absent optional field is no field at all, unless the schema allows null.
        if (field === null ? allowsNull : field !== undefined) out[name] = field === null ? null : shape(field);
      }
      return out;
    };
  }
  const items = schema.items as JsonSchema | undefined;
  if (schema.type === "array" && items) {
    const shape = shapeFor(items);
    if (shape === same) return same;
    return (value) => (Array.isArray(value) ? value.map(shape) : value);
  }
  return same;
}
