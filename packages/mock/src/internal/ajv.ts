import { componentSchemas, operationTable } from "@petstore/contract";
import { validatorFor as generatedValidator, type Validate } from "@petstore/service";
import type { Schema } from "./contract";

export { describeErrors } from "@petstore/service";

let bySchema: WeakMap<Schema, string> | undefined;

/** The generated key of each schema object of the contract's tables: components and operation responses. */
function keys(): WeakMap<Schema, string> {
  if (bySchema) return bySchema;
  bySchema = new WeakMap();
  for (const [name, schema] of Object.entries(componentSchemas)) bySchema.set(schema, `component ${name}`);
  for (const op of operationTable) {
    for (const [status, response] of Object.entries(op.responses))
      if (response.schema) bySchema.set(response.schema, `${op.operationId} response:${status}`);
  }
  return bySchema;
}

/** The precompiled validator of a schema object from the contract's generated tables (no schema is compiled at run time). */
export function validatorFor(schema: Schema): Validate {
  const key = keys().get(schema);
  if (key === undefined)
    throw new Error("[@petstore/mock] no precompiled validator for this schema: it is not one of the contract's");
  return generatedValidator(key);
}
