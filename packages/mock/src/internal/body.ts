import { requestLimits } from "@petstore/contract";
import { BODY_SAMPLE, createBodyValidator, messages, parseJsonBody } from "@petstore/service-rules";
import type { ContractOperation } from "./contract";
import { RequestError } from "./errors";

/** Largest body the service accepts, in bytes (the contract's `x-request-limits.bodyBytes`); larger is a 413. */
const BODY_LIMIT = requestLimits.bodyBytes;

const TYPE = /^[\w!#$%&'*+.^`|~-]+$/;
const SUBTYPE = /^[\w!#$%&'*+.^`|~-]+\s*$/;

/**
 * The media type of a Content-Type header (`"application/json"` for `"Application/JSON; charset=utf-8"`), or
 * undefined when the header is malformed, parsed as Fastify 5 parses it.
 */
function mediaTypeOf(header: string): string | undefined {
  const semicolon = header.indexOf(";");
  const media = semicolon === -1 ? header : header.slice(0, semicolon);
  const slash = media.indexOf("/");
  if (slash === -1) return undefined;
  const type = media.slice(0, slash).trimStart().toLowerCase();
  const subtype = media
    .slice(slash + 1)
    .trimEnd()
    .toLowerCase();
  return TYPE.test(type) && SUBTYPE.test(subtype) ? `${type}/${subtype}` : undefined;
}

/** What `readBody` found: no body at all, or the parsed JSON value. */
export type ReadBody = { present: false } | { present: true; data: unknown };

/** Options of `readBody`. */
export interface ReadBodyOptions {
  /** The route is unknown: a body no parser takes is ignored, so the caller answers 404. */
  unknownRoute?: boolean;
}

/**
 * Reads a request body the way the reference server's HTTP stack (Fastify 5) does, so the same request gets the same
 * answer: without a Content-Type an empty body is no body; a malformed Content-Type is a 415 on every route; any
 * media type but `application/json` is a 415 (ignored on an unknown route); a JSON body above 1 MiB is a 413, an
 * empty, malformed or too deeply nested one a 400. Call it only for methods that may carry a body (not GET or HEAD).
 */
export async function readBody(request: Request, options: ReadBodyOptions = {}): Promise<ReadBody> {
  const text = await request.text();
  const contentType = request.headers.get("content-type");
  const unsupported = () => new RequestError(415, messages.unsupportedMediaType(messages.contentTypeNote(contentType)));
  if (contentType === null) {
    if (text === "" || options.unknownRoute) return { present: false };
    throw unsupported();
  }
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === undefined) throw unsupported();
  if (mediaType !== "application/json") {
    if (options.unknownRoute) return { present: false };
    throw unsupported();
  }
  if (new TextEncoder().encode(text).byteLength > BODY_LIMIT)
    throw new RequestError(413, messages.bodyTooLarge(BODY_LIMIT));
  return { present: true, data: parseJsonBody(text, BODY_SAMPLE) };
}

const bodyValidators = new WeakMap<ContractOperation, (data: unknown) => unknown>();

/** Checks a parsed body against the operation's precompiled schema validator with the service's messages; throws a 400. */
export function validateBody(operation: ContractOperation, body: ReadBody): unknown {
  const requestBody = operation.requestBody;
  if (!requestBody) return undefined;
  let validate = bodyValidators.get(operation);
  if (!validate)
    bodyValidators.set(
      operation,
      (validate = createBodyValidator(operation.operationId, requestBody.schema, requestBody.required)),
    );
  return validate(body.present ? body.data : undefined);
}
