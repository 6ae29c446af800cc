import type { OperationId } from "./types";

/** A JSON Schema object as the contract writes it, with every `$ref` inlined and `description` prose dropped. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** One parameter of an operation, with its schema resolved. */
export interface ContractParameter {
  readonly name: string;
  readonly in: "query" | "path" | "header" | "cookie";
  readonly required: boolean;
  readonly schema: JsonSchema;
}

/** One response of an operation: its `application/json` schema (absent for a bodiless response) and headers. */
export interface ContractResponse {
  readonly schema?: JsonSchema;
  /** Each declared header, with the value its schema fixes by `const` (e.g. `Sunset`), if any. */
  readonly headers: { readonly [name: string]: { readonly required: boolean; readonly const?: string } };
}

/** One operation of the contract, resolved into what a router and a validator need. */
export interface ContractOperation {
  readonly operationId: OperationId;
  /** Upper case, e.g. `GET`. */
  readonly method: string;
  /** The OpenAPI path template, e.g. `/pets/{petId}`. */
  readonly path: string;
  readonly parameters: readonly ContractParameter[];
  /**
   * The `application/json` request body, when the operation takes one, with the media type's `example` when the
   * contract gives one there (beside the schema, as `createPet` does).
   */
  readonly requestBody?: { readonly required: boolean; readonly schema: JsonSchema; readonly example?: unknown };
  /** Each declared response by status code (or `default`). */
  readonly responses: { readonly [status: string]: ContractResponse };
  /** Response headers whose schema fixes a `const` value, by name: sent on every response of the operation. */
  readonly constantHeaders: { readonly [name: string]: string };
  /** The SDK method, `resource.verb` (e.g. `pets.list`): `x-sdk-method`, or read from the operationId. */
  readonly sdkMethod: string;
  /** Present when the operation is deprecated: its `x-deprecation`. */
  readonly deprecation?: ContractDeprecation;
}

/** When a deprecated operation goes away and what replaces it (`x-deprecation`). */
export interface ContractDeprecation {
  /** ISO 8601 date-time of the deprecation. */
  readonly deprecatedAt: string;
  /** ISO 8601 date-time of the removal (the `Sunset` header). */
  readonly sunset: string;
  /** The replacement as an HTTP request, e.g. `GET /pets?status=…`. */
  readonly replacement: string;
  /** Documentation of the replacement. */
  readonly link: string;
  /** The SDK call replacing it, e.g. `pets.list({ status })`, when `replacement` names an operation of the contract. */
  readonly sdkReplacement?: string;
}
