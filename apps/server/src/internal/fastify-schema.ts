import type { FastifySchema } from "fastify";
import type { ContractOperation, ContractParameter, Schema } from "./contract";

const PARAMETERS = "x-petstore-parameters";

function partSchema(parameters: ContractParameter[]): Schema | undefined {
  if (parameters.length === 0) return undefined;
  return { type: "object", [PARAMETERS]: parameters };
}

/** The Fastify route schema of an operation: each request part carries its contract parameters for our validator compiler. */
export function routeSchema(op: ContractOperation): FastifySchema {
  const of = (place: ContractParameter["in"]) => partSchema(op.parameters.filter((p) => p.in === place));
  const schema: Record<string, unknown> = { response: op.responses };
  const params = of("path");
  const querystring = of("query");
  const headers = of("header");
  if (params) schema.params = params;
  if (querystring) schema.querystring = querystring;
  if (headers) schema.headers = headers;
  if (op.requestBody) schema.body = { ...op.requestBody.schema, "x-petstore-required": op.requestBody.required };
  return schema as FastifySchema;
}

/** The contract parameters our `routeSchema` attached to a request part's schema. */
export function parametersOf(schema: Schema): ContractParameter[] | undefined {
  return schema[PARAMETERS] as ContractParameter[] | undefined;
}
