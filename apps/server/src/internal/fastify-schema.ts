import type { FastifySchema } from "fastify";
import type { ContractOperation, ContractParameter, Schema } from "./contract";

const PARAMETERS = "x-petstore-parameters";
const OPERATION = "x-petstore-operation";

function partSchema(op: ContractOperation, parameters: ContractParameter[]): Schema | undefined {
  if (parameters.length === 0) return undefined;
  return { type: "object", [PARAMETERS]: parameters, [OPERATION]: op };
}

/** The Fastify route schema of an operation: response schemas for serialization, request parts tagged for our validator compiler. */
export function routeSchema(op: ContractOperation): FastifySchema {
  const of = (place: ContractParameter["in"]) =>
    partSchema(
      op,
      op.parameters.filter((p) => p.in === place),
    );
  const response: Record<string, Schema> = {};
  for (const [status, declared] of Object.entries(op.responses))
    if (declared.schema) response[status] = declared.schema;
  const schema: Record<string, unknown> = { response };
  const params = of("path");
  const querystring = of("query");
  const headers = of("header");
  if (params) schema.params = params;
  if (querystring) schema.querystring = querystring;
  if (headers) schema.headers = headers;
  if (op.requestBody) schema.body = { ...op.requestBody.schema, [OPERATION]: op };
  return schema as FastifySchema;
}

/** The operation and contract parameters `routeSchema` attached to a request part's schema. */
export function partOf(schema: Schema): {
  operation: ContractOperation | undefined;
  parameters: ContractParameter[] | undefined;
} {
  return {
    operation: schema[OPERATION] as ContractOperation | undefined,
    parameters: schema[PARAMETERS] as ContractParameter[] | undefined,
  };
}
