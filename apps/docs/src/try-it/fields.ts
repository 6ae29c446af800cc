import type { ContractOperation, JsonSchema } from "@petstore/contract";

/** Where a field's value goes in the request. */
type FieldPlace = "path" | "query" | "header" | "body";

/** One input of a try-it form: a parameter or a top-level body property, with the limits its schema sets. */
export interface Field {
  /** Unique within the operation: `query.limit`, `body.name`. */
  key: string;
  name: string;
  in: FieldPlace;
  required: boolean;
  type: string;
  enum?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

/** What the try-it panel and the samples need of one operation, derived at build time from the operation table. */
export interface TryItOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /** The SDK call, e.g. `pets.list`. */
  sdkMethod: string;
  /** Whether the success response is a JSON array (the sample names its result in the plural). */
  returnsList: boolean;
  /** Whether the success response has no body (the sample assigns nothing). */
  returnsNothing: boolean;
  deprecation?: { sunset: string; replacement: string; sdkReplacement?: string };
  fields: Field[];
  /** The document's examples, which the form starts with and the reference's static samples show. */
  examples: FieldValues;
}

/** The values a reader typed, by field key; an empty string is "not sent". */
export type FieldValues = Record<string, string>;

const numberKeyword = (schema: JsonSchema, keyword: string) =>
  typeof schema[keyword] === "number" ? (schema[keyword] as number) : undefined;

function field(key: string, name: string, place: FieldPlace, required: boolean, schema: JsonSchema): Field {
  const found: Field = { key, name, in: place, required, type: String(schema.type ?? "string") };
  if (Array.isArray(schema.enum)) found.enum = schema.enum.map(String);
  for (const keyword of ["minimum", "maximum", "minLength", "maxLength"] as const) {
    const value = numberKeyword(schema, keyword);
    if (value !== undefined) found[keyword] = value;
  }
  if (schema.default !== undefined) found.default = schema.default;
  return found;
}

/** The form fields of an operation: its parameters (cookies aside), then its JSON body's top-level properties. */
export function operationFields(operation: ContractOperation): Field[] {
  const fields = operation.parameters
    .filter((p) => p.in !== "cookie")
    .map((p) => field(`${p.in}.${p.name}`, p.name, p.in as FieldPlace, p.required, p.schema));
  const body = operation.requestBody?.schema;
  const properties = (body?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((body?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(properties)) {
    fields.push(field(`body.${name}`, name, "body", required.has(name), schema));
  }
  return fields;
}

/** A field's limits in words, e.g. `integer, 1–100, default 20`, shown under its input. */
export function describeField(field: Field): string {
  const parts = [field.enum ? `one of ${field.enum.join(", ")}` : field.type];
  // A bound past 2^53 − 1 (int64's) has no exact JavaScript number to print, and no reader reaches it: left out.
  const exact = (bound: number | undefined) =>
    bound !== undefined && Math.abs(bound) <= Number.MAX_SAFE_INTEGER ? bound : undefined;
  const [minimum, maximum] = [exact(field.minimum), exact(field.maximum)];
  if (minimum !== undefined && maximum !== undefined) parts.push(`${minimum}–${maximum}`);
  else if (minimum !== undefined) parts.push(`at least ${minimum}`);
  else if (maximum !== undefined) parts.push(`at most ${maximum}`);
  if (field.minLength !== undefined && field.maxLength !== undefined)
    parts.push(`${field.minLength}–${field.maxLength} characters`);
  else if (field.minLength !== undefined)
    parts.push(`at least ${field.minLength} character${field.minLength === 1 ? "" : "s"}`);
  else if (field.maxLength !== undefined) parts.push(`at most ${field.maxLength} characters`);
  if (field.default !== undefined) parts.push(`default ${String(field.default)}`);
  parts.push(field.required ? "required" : "optional");
  return parts.join(", ");
}

/** Whether a typed value goes into JSON and code as a number: a numeric field holding plain decimal digits. */
function isNumeric(field: Field, value: string): boolean {
  return (field.type === "integer" || field.type === "number") && /^-?\d+(\.\d+)?$/.test(value);
}

/** A typed value as a JSON (and TypeScript) literal: digits stay digits, exactly as typed; anything else is a string. */
export function literal(field: Field, value: string): string {
  return isNumeric(field, value) ? value : JSON.stringify(value);
}
