// Generated from openapi.yaml by `pnpm --filter @petstore/contract generate`: the TypeScript types of the contract (openapi-typescript).
// Do not edit by hand; a test fails when this file is stale.

export interface paths {
    "/pets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List all animals
         * @description Returns the animals in ascending `id` order: the first `limit` of them after the `status`
         *     filter. The body is a bare array; no pagination beyond `limit` exists.
         */
        get: operations["listPets"];
        put?: never;
        /**
         * Add an animal
         * @description Adds an animal. The service assigns `id`; an `id` in the body is ignored, as are other
         *     fields the schema does not name. `status` has no default: when omitted, the pet has none.
         *
         *     Send an `Idempotency-Key` to make retries safe: the same key with the same body within
         *     24 hours replays the first `201` instead of adding a second animal; the same key with a
         *     different body is a `400`.
         */
        post: operations["createPet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pets/{petId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an animal
         * @deprecated
         * @description **Deprecated** since 2025-12-05; removed on 2030-12-05. Use `GET /pets` with a `status`
         *     filter instead.
         *
         *     Every response of this operation carries `Sunset` (RFC 8594), `Deprecation` (RFC 9745) and
         *     a `Link` with `rel="deprecation"` to the replacement's documentation.
         */
        get: operations["getPet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description Availability of an animal.
         * @example available
         * @enum {string}
         */
        PetStatus: "available" | "pending" | "sold";
        /**
         * @description An animal to add. The service assigns `id`; other fields not named here are ignored.
         * @example {
         *       "name": "Rex",
         *       "categoryId": 1,
         *       "status": "available"
         *     }
         */
        NewPet: {
            /**
             * @description The animal's name, 1 to 255 characters (Unicode code points).
             * @example Rex
             */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to: an integer that JavaScript represents exactly
             *     (|n| ≤ 2^53 − 1). A number with a fraction, or one outside this range, is a `400`; it is never rounded.
             * @example 1
             */
            categoryId: number;
            status?: components["schemas"]["PetStatus"];
        };
        /**
         * @description An animal as returned by the service, with every field of `NewPet` plus `id`.
         * @example {
         *       "id": 1,
         *       "name": "Rex",
         *       "categoryId": 1,
         *       "status": "available"
         *     }
         */
        Pet: {
            /**
             * Format: int64
             * @description Unique identifier assigned by the service on creation.
             * @example 1
             */
            id: number;
            /**
             * @description The animal's name.
             * @example Rex
             */
            name: string;
            /**
             * Format: int64
             * @description Identifier of the category the animal belongs to.
             * @example 1
             */
            categoryId: number;
            status?: components["schemas"]["PetStatus"];
        };
        /**
         * @description A list of animals.
         * @example [
         *       {
         *         "id": 1,
         *         "name": "Rex",
         *         "categoryId": 1,
         *         "status": "available"
         *       }
         *     ]
         */
        Pets: components["schemas"]["Pet"][];
        /**
         * @description The body of every error response.
         * @example {
         *       "code": "not_found",
         *       "message": "No pet with id 42.",
         *       "status": 404
         *     }
         */
        Error: {
            /**
             * @description Machine-readable error code, for example `invalid_request` or `not_found`.
             * @example not_found
             */
            code: string;
            /**
             * @description Human-readable description of what went wrong and what to do.
             * @example No pet with id 42.
             */
            message: string;
            /**
             * @description The HTTP status code of the response.
             * @example 404
             */
            status: number;
        };
    };
    responses: {
        /**
         * @description A parameter or the body is missing or holds an invalid value, or the body's JSON is nested
         *     deeper than `x-request-limits.jsonDepth` (64) arrays or objects.
         */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "invalid_request",
                 *       "message": "limit must be an integer from 1 to 100.",
                 *       "status": 400
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or invalid API key. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unauthorized",
                 *       "message": "Missing or invalid API key. Send it as 'Authorization: Bearer <API_KEY>'.",
                 *       "status": 401
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than the service accepts. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "payload_too_large",
                 *       "message": "The request body exceeds 1048576 bytes.",
                 *       "status": 413
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "unsupported_media_type",
                 *       "message": "Send the body as application/json.",
                 *       "status": 415
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The service's store is unavailable; retry after `Retry-After` seconds. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["RetryAfterRequired"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "service_unavailable",
                 *       "message": "The pet store is unavailable. Retry in 1 second.",
                 *       "status": 503
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Any other error, such as `429` (`rate_limited`, with `Retry-After`) from a mock or gateway,
         *     or `500` (`internal_error`).
         */
        UnexpectedError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "code": "internal_error",
                 *       "message": "Something went wrong on our side. Retry later.",
                 *       "status": 500
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /**
         * @description The maximum number of animals returned, from 1 to 100, written in decimal digits (a leading
         *     `+` or leading zeros are accepted; a fraction or exponent such as `10.0` or `1e1` is not).
         *     In a query string a bare `+` is a space, so a leading plus sign is sent as `%2B`.
         *     Defaults to 20. Any other value is a `400`.
         * @example 10
         */
        Limit: number;
        /**
         * @description Only animals with this status. An unknown value is a `400`. Defaults to no filter.
         * @example available
         */
        StatusFilter: components["schemas"]["PetStatus"];
        /**
         * @description Identifier of the animal to retrieve, a positive 64-bit integer written in decimal digits
         *     (a leading `+` or leading zeros are accepted: `/pets/01` is pet 1). A fraction or exponent
         *     (`1.0`, `1e0`), a value of 0 or less, or one above 2^63−1 is a `400`.
         * @example 1
         */
        PetId: number;
        /**
         * @description A unique key (a UUID is a good choice) that makes retrying this request safe. The same key
         *     with the same body within 24 hours replays the first response; with a different body it is
         *     a `400`. An empty value is a `400` too: it is not the same as sending no key.
         * @example 6f1c1c3e-9b1e-4f55-8a59-6d0f3b2c9a10
         */
        IdempotencyKey: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifier of this request, also written to the service's logs.
         * @example req_01HZX3J5D4N8Q2R7
         */
        "X-Request-Id": string;
        /**
         * @description When this operation will be removed (RFC 8594), as an HTTP date.
         * @example Thu, 05 Dec 2030 00:00:00 GMT
         */
        Sunset: "Thu, 05 Dec 2030 00:00:00 GMT";
        /**
         * @description When this operation was deprecated (RFC 9745), as `@` and Unix seconds (2025-12-05).
         * @example @1764892800
         */
        Deprecation: "@1764892800";
        /**
         * @description Documentation of the replacement, with `rel="deprecation"` (RFC 9745).
         * @example <https://docs.petstore.example/#tag/animals/operation/listPets>; rel="deprecation"; type="text/html"
         */
        DeprecationLink: "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\"";
        /**
         * @description Seconds to wait before retrying.
         * @example 1
         */
        "Retry-After": number;
        /**
         * @description Seconds to wait before retrying.
         * @example 1
         */
        RetryAfterRequired: number;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPets: {
        parameters: {
            query?: {
                /**
                 * @description The maximum number of animals returned, from 1 to 100, written in decimal digits (a leading
                 *     `+` or leading zeros are accepted; a fraction or exponent such as `10.0` or `1e1` is not).
                 *     In a query string a bare `+` is a space, so a leading plus sign is sent as `%2B`.
                 *     Defaults to 20. Any other value is a `400`.
                 * @example 10
                 */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Only animals with this status. An unknown value is a `400`. Defaults to no filter.
                 * @example available
                 */
                status?: components["parameters"]["StatusFilter"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of animals. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "id": 1,
                     *         "name": "Rex",
                     *         "categoryId": 1,
                     *         "status": "available"
                     *       },
                     *       {
                     *         "id": 2,
                     *         "name": "Tom",
                     *         "categoryId": 2,
                     *         "status": "pending"
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["Pets"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    createPet: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A unique key (a UUID is a good choice) that makes retrying this request safe. The same key
                 *     with the same body within 24 hours replays the first response; with a different body it is
                 *     a `400`. An empty value is a `400` too: it is not the same as sending no key.
                 * @example 6f1c1c3e-9b1e-4f55-8a59-6d0f3b2c9a10
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Rex",
                 *       "categoryId": 1,
                 *       "status": "available"
                 *     }
                 */
                "application/json": components["schemas"]["NewPet"];
            };
        };
        responses: {
            /** @description Animal added; the body carries the assigned `id`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 3,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available"
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["UnexpectedError"];
        };
    };
    getPet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Identifier of the animal to retrieve, a positive 64-bit integer written in decimal digits
                 *     (a leading `+` or leading zeros are accepted: `/pets/01` is pet 1). A fraction or exponent
                 *     (`1.0`, `1e0`), a value of 0 or less, or one above 2^63−1 is a `400`.
                 * @example 1
                 */
                petId: components["parameters"]["PetId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The requested animal. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Sunset: components["headers"]["Sunset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": 1,
                     *       "name": "Rex",
                     *       "categoryId": 1,
                     *       "status": "available"
                     *     }
                     */
                    "application/json": components["schemas"]["Pet"];
                };
            };
            /** @description The `petId` is not a positive 64-bit integer. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Sunset: components["headers"]["Sunset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "invalid_request",
                     *       "message": "petId must be a positive 64-bit integer.",
                     *       "status": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid API key. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Sunset: components["headers"]["Sunset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "unauthorized",
                     *       "message": "Missing or invalid API key. Send it as 'Authorization: Bearer <API_KEY>'.",
                     *       "status": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The requested resource could not be found. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    Sunset: components["headers"]["Sunset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "not_found",
                     *       "message": "No pet with id 42.",
                     *       "status": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The service's store is unavailable; retry after `Retry-After` seconds. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["RetryAfterRequired"];
                    Sunset: components["headers"]["Sunset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "service_unavailable",
                     *       "message": "The pet store is unavailable. Retry in 1 second.",
                     *       "status": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Any other error, such as `429` (`rate_limited`, with `Retry-After`) from a mock or gateway,
             *     or `500` (`internal_error`).
             */
            default: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    Sunset: components["headers"]["Sunset"];
                    Deprecation: components["headers"]["Deprecation"];
                    Link: components["headers"]["DeprecationLink"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "internal_error",
                     *       "message": "Something went wrong on our side. Retry later.",
                     *       "status": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
