import fc from "fast-check";
import { contractDocument, type JsonObject, resolveRef } from "../internal/contract";
import type { FuzzRequest } from "./arbitraries";

/**
 * Values a schema accepts, edges included (bounds, every enum value, any Unicode in strings); integers without bounds
 * are drawn near 1, where a path's ids are. Only what the contract uses: objects, strings, integers, numbers, booleans,
 * enums and arrays.
 */
function accepted(node: JsonObject): fc.Arbitrary<unknown> {
  const schema = resolveRef(node);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case "object": {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonObject>);
      const record = Object.fromEntries(properties.map(([name, property]) => [name, accepted(property)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []) as string[] });
    }
    case "array":
      return fc.array(accepted(schema.items as JsonObject), { maxLength: 3 });
    case "string": {
      const minLength = (schema.minLength as number | undefined) ?? 0;
      const maxLength = (schema.maxLength as number | undefined) ?? minLength + 40;
      return fc.oneof(
        fc.string({ unit: "grapheme", minLength, maxLength: Math.min(maxLength, minLength + 40) }),
        fc.constant("x".repeat(maxLength)),
      );
    }
    case "integer": {
      const min = (schema.minimum as number | undefined) ?? Number.MIN_SAFE_INTEGER;
      const max = (schema.maximum as number | undefined) ?? Number.MAX_SAFE_INTEGER;
      const low = Math.max(min, 1);
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: Math.min(low, max), max: Math.min(low + 29, max) }) },
        { weight: 1, arbitrary: fc.constantFrom(min, max) },
        { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }) },
      );
    }
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    default:
      return fc.constant(null);
  }
}

/** A parameter's value as it goes in a URL or a header. */
const written = (value: unknown) => encodeURIComponent(String(value));

/**
 * Requests the contract accepts, for each of its operations: path parameters near the ids a store hands out, some
 * of the query parameters, header parameters (an `Idempotency-Key`) from a small pool, and a body its schema accepts,
 * the contract's example half the time (so creates are replayed as well as conflict). What a fuzzed request rarely reaches: the operations themselves, and the
 * state they leave for the next requests.
 */
export function validRequestArbitrary(apiKey: string): fc.Arbitrary<FuzzRequest> {
  const operations = Object.entries(contractDocument.paths as JsonObject).flatMap(([template, item]) =>
    Object.entries(item as JsonObject)
      .filter(([, operation]) => typeof (operation as JsonObject)?.operationId === "string")
      .map(([method, operation]) => ({ template, method: method.toUpperCase(), operation: operation as JsonObject })),
  );
  return fc.oneof(
    ...operations.map(({ template, method, operation }) => {
      const parameters = ((operation.parameters ?? []) as JsonObject[]).map(resolveRef);
      const of = (place: string) =>
        fc.record(
          Object.fromEntries(
            parameters
              .filter((parameter) => parameter.in === place)
              .map((parameter) => [
                parameter.name as string,
                place === "header" ? fc.constantFrom("k1", "k2", "k3") : accepted(parameter.schema as JsonObject),
              ]),
          ),
          { requiredKeys: place === "path" ? undefined : [] },
        );
      const media = resolveRef(operation.requestBody ?? {}).content?.["application/json"] as JsonObject | undefined;
      const bodySchema = media?.schema as JsonObject | undefined;
      // The contract's example half the time: the same body again under the same key is a replay, not a conflict.
      const example = media?.example ?? (bodySchema ? resolveRef(bodySchema).example : undefined);
      return fc
        .record({
          path: of("path"),
          query: of("query"),
          headers: of("header"),
          body: bodySchema
            ? fc
                .oneof(...(example === undefined ? [] : [fc.constant(example)]), accepted(bodySchema))
                .map((body) => JSON.stringify(body))
            : fc.constant(undefined),
        })
        .map(({ path, query, headers, body }) => {
          const search = Object.entries(query)
            .map(([name, value]) => `${name}=${written(value)}`)
            .join("&");
          return {
            method,
            path:
              template.replace(/\{([^}]+)\}/g, (_, name: string) => written(path[name])) + (search ? `?${search}` : ""),
            headers: {
              authorization: `Bearer ${apiKey}`,
              ...(body === undefined ? {} : { "content-type": "application/json" }),
              ...(headers as Record<string, string>),
            },
            ...(body === undefined ? {} : { body }),
          };
        });
    }),
  );
}
