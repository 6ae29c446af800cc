// Generated from openapi.yaml by `pnpm --filter @petstore/contract generate`: the error catalogue (`x-error-codes`).
// Do not edit by hand; a test fails when this file is stale.

/** Every Error `code` of the contract with its HTTP status and meaning. */
export const errorCatalogue = {
  "invalid_request": {
    "status": 400,
    "description": "A parameter, a header or the body is missing or holds an invalid value, or the request is malformed."
  },
  "unauthorized": {
    "status": 401,
    "description": "The API key is missing or not valid."
  },
  "not_found": {
    "status": 404,
    "description": "The resource or path does not exist."
  },
  "method_not_allowed": {
    "status": 405,
    "description": "The path exists but does not serve this method; the `Allow` header lists the methods it serves."
  },
  "request_timeout": {
    "status": 408,
    "description": "The request was not received in time."
  },
  "payload_too_large": {
    "status": 413,
    "description": "The body is larger than `x-request-limits.bodyBytes`."
  },
  "unsupported_media_type": {
    "status": 415,
    "description": "The body is not `application/json`."
  },
  "rate_limited": {
    "status": 429,
    "description": "Too many requests; wait for `Retry-After` seconds (sent by mocks and gateways)."
  },
  "headers_too_large": {
    "status": 431,
    "description": "The request line and headers are larger than `x-request-limits.headerBytes`."
  },
  "internal_error": {
    "status": 500,
    "description": "Something went wrong on the service's side."
  },
  "service_unavailable": {
    "status": 503,
    "description": "The service's store is unavailable; retry after `Retry-After` seconds."
  }
} as const;

/** The Error `code` the contract pairs with each HTTP status. */
export const errorCodeByStatus = {
  400: "invalid_request",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  431: "headers_too_large",
  500: "internal_error",
  503: "service_unavailable",
} as const;

/**
 * The statuses the service answers before an operation runs (`x-request-errors`), by what the operation has:
 * every operation, one with security, one with parameters, one with a body. Each operation declares them.
 */
export const requestErrorStatuses = {
  "every": [
    503
  ],
  "security": [
    400,
    401
  ],
  "parameters": [
    400
  ],
  "requestBody": [
    400,
    413,
    415
  ]
} as const;
