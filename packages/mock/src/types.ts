import type { Operations, OperationId, paths } from "@petstore/contract";
import type { JsonBodyType, StrictRequest } from "msw";

/** An HTTP method in the lower case openapi-typescript uses. */
export type HttpMethod = "get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace";

/** The contract's paths that define `M`, e.g. `"/pets" | "/pets/{petId}"` for `"get"`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends Record<M, infer Op> ? (Op extends object ? P : never) : never;
}[keyof paths];

/** The openapi-typescript operation at `path` and `method`. */
export type OperationAt<P extends keyof paths, M extends HttpMethod> =
  paths[P] extends Record<M, infer Op> ? Op : never;

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type ToNumber<S> = S extends `${infer N extends number}` ? N : never;
/** Every 4xx and 5xx status: what a `default` response covers. */
export type ErrorStatus = ToNumber<`${4 | 5}${Digit}${Digit}`>;

type ResponsesOf<Op> = Op extends { responses: infer R } ? R : never;
type DeclaredStatus<Op> = Extract<keyof ResponsesOf<Op>, number>;
type JsonBodyOf<R> = R extends { content: { "application/json": infer B } }
  ? B
  : R extends { content?: never }
    ? undefined
    : never;

/** The statuses an operation may answer: those it declares, plus every 4xx/5xx when it declares a `default`. */
export type StatusOf<Op> =
  | DeclaredStatus<Op>
  | ("default" extends keyof ResponsesOf<Op> ? Exclude<ErrorStatus, DeclaredStatus<Op>> : never);

/** The JSON body the contract declares for `status` of an operation (its `default` when the status is not declared); `undefined` for a response without a body, such as a 204. */
export type BodyOf<Op, S extends number> = S extends keyof ResponsesOf<Op>
  ? JsonBodyOf<ResponsesOf<Op>[S]>
  : "default" extends keyof ResponsesOf<Op>
    ? JsonBodyOf<ResponsesOf<Op>["default"]>
    : never;

/** The request body an operation takes (`undefined` when it takes none). */
export type RequestBodyOf<Op> = Op extends { requestBody: { content: { "application/json": infer B } } }
  ? B
  : undefined;

type ParametersIn<Op, Where extends "path" | "query"> = Op extends { parameters: { [K in Where]?: infer X } }
  ? NonNullable<X>
  : never;

/** Path parameters as MSW gives them: strings, named as in the contract. */
export type PathParamsOf<Op> = [ParametersIn<Op, "path">] extends [never]
  ? Record<string, never>
  : { [K in keyof ParametersIn<Op, "path">]: string };

/** Query parameters as sent: optional strings, named as in the contract. */
export type QueryOf<Op> = [ParametersIn<Op, "query">] extends [never]
  ? Record<string, never>
  : { [K in keyof ParametersIn<Op, "query">]?: string };

declare const responseBrand: unique symbol;

/** A JSON response whose status and body the type system knows (a plain `Response` at run time). */
export type JsonResponse<S extends number, B> = Response & { readonly [responseBrand]: { status: S; body: B } };

declare const networkErrorBrand: unique symbol;

/** A network error: the request fails as if the connection dropped (`HttpResponse.error()` at run time). */
export type NetworkErrorResponse = Response & { readonly [networkErrorBrand]: true };

/** Any response the contract allows for an operation. */
export type OperationResponse<Op> = { [S in StatusOf<Op>]: JsonResponse<S, BodyOf<Op, S>> }[StatusOf<Op>];

/** What an override resolver may return: a contract response, a network error, or nothing (the normal handler answers). */
export type OverrideResult<Op> = OperationResponse<Op> | NetworkErrorResponse | undefined;

/** The arguments after the status: the body (left out for a bodiless status such as 204), then `{ headers }`. */
type BodyArguments<B> = [B] extends [undefined]
  ? [body?: undefined, init?: { headers?: Record<string, string> }]
  : [body: B, init?: { headers?: Record<string, string> }];

/** `json(status, body)` restricted to what the contract allows for one operation; `json(204)` for a status declared without a body. */
export type TypedJson<Op> = <S extends StatusOf<Op>>(
  status: S,
  ...rest: BodyArguments<BodyOf<Op, S>>
) => JsonResponse<S, BodyOf<Op, S>>;

/** What an override resolver receives. */
export interface OverrideInfo<Op> {
  /** A clone of the request, so reading its body leaves it for the normal handler; `await request.json()` is typed with the operation's request body. */
  request: StrictRequest<RequestBodyOf<Op> extends undefined ? never : Extract<RequestBodyOf<Op>, JsonBodyType>>;
  /** Path parameters (decoded strings). */
  params: PathParamsOf<Op>;
  /** Query parameters as sent (strings), by the contract's names. */
  query: QueryOf<Op>;
  /** The `X-Request-Id` the response will carry. */
  requestId: string;
  /** A JSON response whose status and body must be what the contract declares for this operation. */
  json: TypedJson<Op>;
  /** A network error. */
  networkError: () => NetworkErrorResponse;
}

/** A typed override resolver. */
export type OverrideResolver<Op> = (info: OverrideInfo<Op>) => OverrideResult<Op> | Promise<OverrideResult<Op>>;

/** The openapi-typescript operation with this operationId. */
export type OperationById<Id extends OperationId> = Operations[Id];
