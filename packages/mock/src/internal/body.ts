import type { ErrorObject } from "ajv";
import { validatorFor } from "./ajv";
import type { Schema } from "./contract";
import { describeSchema } from "./describe";
import { RequestError } from "./errors";

/** Largest body the server accepts, in bytes (its `bodyLimit`); larger is a 413. */
export const BODY_LIMIT = 1_048_576;

const TYPE = /^[\w!#$%&'*+.^`|~-]+$/;
const SUBTYPE = /^[\w!#$%&'*+.^`|~-]+\s*$/;

/**
 * The media type of a Content-Type header (`"application/json"` for `"Application/JSON; charset=utf-8"`), or
 * undefined when the header is malformed, parsed as Fastify 5 parses it.
 */
export function mediaTypeOf(header: string): string | undefined {
  const semicolon = header.indexOf(";");
  const media = semicolon === -1 ? header : header.slice(0, semicolon);
  const slash = media.indexOf("/");
  if (slash === -1) return undefined;
  const type = media.slice(0, slash).trimStart().toLowerCase();
  const subtype = media.slice(slash + 1).trimEnd().toLowerCase();
  return TYPE.test(type) && SUBTYPE.test(subtype) ? `${type}/${subtype}` : undefined;
}

/** What `readBody` found: no body at all, or the parsed JSON value. */
export type ReadBody = { present: false } | { present: true; data: unknown };

/** Options of `readBody`. */
export interface ReadBodyOptions {
  /** The route is unknown: a body no parser takes is ignored, so the caller answers 404. */
  unknownRoute?: boolean;
  /** Example shown in messages about a body that is empty or not JSON. */
  example?: unknown;
}

/**
 * Reads a request body the way the reference server's HTTP stack (Fastify 5) does, so the same request gets the same
 * answer: without a Content-Type an empty body is no body; a malformed Content-Type is a 415 on every route; any
 * media type but `application/json` is a 415 (ignored on an unknown route); a JSON body above 1 MiB is a 413, an
 * empty or malformed one a 400. Call it only for methods that may carry a body (not GET or HEAD).
 */
export async function readBody(request: Request, options: ReadBodyOptions = {}): Promise<ReadBody> {
  const text = await request.text();
  const contentType = request.headers.get("content-type");
  const sample = options.example === undefined ? "" : ` such as ${JSON.stringify(options.example)}`;
  const unsupported = (note: string) => new RequestError(415, `Send the body as JSON with 'Content-Type: application/json' ${note}.`);
  if (contentType === null) {
    if (text === "" || options.unknownRoute) return { present: false };
    throw unsupported("(none was sent)");
  }
  const mediaType = mediaTypeOf(contentType);
  const got = `(got ${JSON.stringify(contentType.slice(0, 64))})`;
  if (mediaType === undefined) throw unsupported(got);
  if (mediaType !== "application/json") {
    if (options.unknownRoute) return { present: false };
    throw unsupported(got);
  }
  if (new TextEncoder().encode(text).byteLength > BODY_LIMIT) throw new RequestError(413, `The request body exceeds ${BODY_LIMIT} bytes. Send a smaller body.`);
  if (text === "") throw new RequestError(400, `The body is empty. Send a JSON object${sample}.`);
  try {
    // Like the server's secure JSON parser, "__proto__" keys and "constructor": { "prototype": … } are refused.
    const data: unknown = JSON.parse(text, (key, value: unknown) => {
      if (key === "__proto__") throw new SyntaxError("forbidden __proto__ key");
      if (key === "constructor" && typeof value === "object" && value !== null && Object.hasOwn(value, "prototype")) throw new SyntaxError("forbidden constructor.prototype");
      return value;
    });
    return { present: true, data };
  } catch {
    throw new RequestError(400, `The body is not valid JSON. Send a JSON object${sample}.`);
  }
}

/** Checks a parsed body against the operation's schema with the server's messages; throws a 400 RequestError. */
export function validateBody(body: ReadBody, schema: Schema, required: boolean): unknown {
  const data = body.present ? body.data : undefined;
  const example = schema.example === undefined ? "" : ` such as ${JSON.stringify(schema.example)}`;
  if (data === undefined || data === null) {
    if (!required) return data;
    throw new RequestError(400, `Send a JSON body: ${describeSchema(schema)}${example}.`);
  }
  const validate = validatorFor(schema);
  if (validate(data)) return data;
  throw new RequestError(400, bodyMessage(validate.errors?.[0], schema, example));
}

function bodyMessage(error: ErrorObject | undefined, schema: Schema, example: string): string {
  if (!error || (error.instancePath === "" && error.keyword !== "required")) return `The body must be ${describeSchema(schema)}${example}.`;
  if (error.keyword === "required") {
    const field = (error.params as { missingProperty: string }).missingProperty;
    const fieldSchema = propertySchema(schema, [...pathSegments(error.instancePath), field]);
    return `Body field "${field}" is required: ${fieldSchema ? describeSchema(fieldSchema) : "give a value"}.`;
  }
  const segments = pathSegments(error.instancePath);
  const fieldSchema = propertySchema(schema, segments);
  return `Body field "${segments.join(".")}" must be ${fieldSchema ? describeSchema(fieldSchema) : error.message}.`;
}

function pathSegments(pointer: string): string[] {
  return pointer.split("/").slice(1).map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function propertySchema(schema: Schema, segments: string[]): Schema | undefined {
  let node: Schema | undefined = schema;
  for (const segment of segments) node = (node?.properties as Record<string, Schema> | undefined)?.[segment] ?? (node?.items as Schema | undefined);
  return node;
}
