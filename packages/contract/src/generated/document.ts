// Generated from openapi.yaml by `pnpm --filter @petstore/contract generate`: the OpenAPI document as an object.
// Do not edit by hand; a test fails when this file is stale.

export const openapiDocument = {
  "openapi": "3.1.0",
  "info": {
    "title": "Petstore API",
    "version": "1.0.0",
    "summary": "Manage the animals of a store.",
    "description": "An HTTP JSON interface for managing the animals (\"pets\") of a store: list them, add one, fetch one.\n\n## Conventions\n- Every path is relative to a server URL that ends in `/v1`; the version lives in the base path.\n- Request and response bodies are `application/json`.\n- Every operation needs `Authorization: Bearer <API_KEY>`. Authentication is checked before\n  anything else: a bad key with a bad body is a 401, not a 400.\n- Every error body is an `Error` object whose `status` always equals the HTTP status. The\n  `code` values and the status each goes with are listed, as data, in the document's root\n  `x-error-codes` extension.\n- The errors the service answers before an operation runs (no key, a bad parameter or body, a\n  body too large, the store down) are listed, by what the operation has, in the root\n  `x-request-errors` extension; every operation declares the status of each that applies to it.\n- Limits, listed as data in the root `x-request-limits` extension: a body of at most 1048576\n  bytes (larger is a `413`), JSON nested at most 64 arrays or objects deep (deeper is a `400`\n  `invalid_request` that names the limit), request line and headers of at most 16384 bytes\n  together (more is a `431`).\n- While the service's store is unavailable, every operation answers `503`\n  (`service_unavailable`) with a `Retry-After` header; retry after that many seconds.\n- Every response carries an `X-Request-Id` header; quote it when you report a problem.\n- A method the API does not serve on one of its paths is a `405` (`method_not_allowed`) with an\n  `Allow` header; a method the service's HTTP parser does not recognise at all (`MAED`, or a\n  lower-case `patch`) is a `400` (`invalid_request`).\n\n## Not covered\nStore orders (`GET /store/orders`, whose interactive try-out panel is disabled), updating or\ndeleting an animal, categories, and rate limits of the real service are not part of this\ninterface. The *Store* and *Pets* tags are navigation groups and hold no operations.\n",
    "contact": {
      "name": "Petstore API team",
      "url": "https://docs.petstore.example",
      "email": "api@petstore.example"
    },
    "license": {
      "name": "MIT",
      "identifier": "MIT"
    }
  },
  "x-error-codes": {
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
  },
  "x-request-errors": {
    "every": {
      "description": "The store is unavailable or the service is shutting down.",
      "codes": [
        "service_unavailable"
      ]
    },
    "security": {
      "description": "The API key is missing or not accepted, or more than one `Authorization` header is sent.",
      "codes": [
        "invalid_request",
        "unauthorized"
      ]
    },
    "parameters": {
      "description": "A parameter is missing or holds an invalid value.",
      "codes": [
        "invalid_request"
      ]
    },
    "requestBody": {
      "description": "The body is not JSON or breaks its schema, is larger than `x-request-limits.bodyBytes`, or is\nnot `application/json`.\n",
      "codes": [
        "invalid_request",
        "payload_too_large",
        "unsupported_media_type"
      ]
    }
  },
  "x-request-limits": {
    "bodyBytes": 1048576,
    "jsonDepth": 64,
    "headerBytes": 16384
  },
  "servers": [
    {
      "url": "https://api.petstore.example/v1",
      "description": "Production"
    },
    {
      "url": "https://staging.api.petstore.example/v1",
      "description": "Staging"
    }
  ],
  "security": [
    {
      "bearerAuth": []
    }
  ],
  "tags": [
    {
      "name": "animals",
      "description": "The animals of the store. Every operation carries this tag."
    },
    {
      "name": "Store",
      "description": "Navigation group for the store. It holds no operations of its own."
    },
    {
      "name": "Pets",
      "description": "Navigation group for pets. It holds no operations of its own."
    }
  ],
  "paths": {
    "/pets": {
      "get": {
        "operationId": "listPets",
        "summary": "List all animals",
        "description": "Returns the animals in ascending `id` order: the first `limit` of them after the `status`\nfilter. The body is a bare array; no pagination beyond `limit` exists.\n",
        "tags": [
          "animals"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/Limit"
          },
          {
            "$ref": "#/components/parameters/StatusFilter"
          }
        ],
        "responses": {
          "200": {
            "description": "A page of animals.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pets"
                },
                "example": [
                  {
                    "id": 1,
                    "name": "Rex",
                    "categoryId": 1,
                    "status": "available"
                  },
                  {
                    "id": 2,
                    "name": "Tom",
                    "categoryId": 2,
                    "status": "pending"
                  }
                ]
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      },
      "post": {
        "operationId": "createPet",
        "x-sdk-method": "pets.create",
        "summary": "Add an animal",
        "description": "Adds an animal. The service assigns `id`; an `id` in the body is ignored, as are other\nfields the schema does not name. `status` has no default: when omitted, the pet has none.\n\nSend an `Idempotency-Key` to make retries safe: the same key with the same body within\n24 hours replays the first `201` instead of adding a second animal; the same key with a\ndifferent body is a `400`.\n",
        "tags": [
          "animals"
        ],
        "parameters": [
          {
            "$ref": "#/components/parameters/IdempotencyKey"
          }
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/NewPet"
              },
              "example": {
                "name": "Rex",
                "categoryId": 1,
                "status": "available"
              }
            }
          }
        },
        "responses": {
          "201": {
            "description": "Animal added; the body carries the assigned `id`.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                },
                "example": {
                  "id": 3,
                  "name": "Rex",
                  "categoryId": 1,
                  "status": "available"
                }
              }
            }
          },
          "400": {
            "$ref": "#/components/responses/BadRequest"
          },
          "401": {
            "$ref": "#/components/responses/Unauthorized"
          },
          "413": {
            "$ref": "#/components/responses/PayloadTooLarge"
          },
          "415": {
            "$ref": "#/components/responses/UnsupportedMediaType"
          },
          "503": {
            "$ref": "#/components/responses/ServiceUnavailable"
          },
          "default": {
            "$ref": "#/components/responses/UnexpectedError"
          }
        }
      }
    },
    "/pets/{petId}": {
      "get": {
        "operationId": "getPet",
        "x-sdk-method": "pets.get",
        "summary": "Get an animal",
        "description": "**Deprecated** since 2025-12-05; removed on 2030-12-05. Use `GET /pets` with a `status`\nfilter instead.\n\nEvery response of this operation carries `Sunset` (RFC 8594), `Deprecation` (RFC 9745) and\na `Link` with `rel=\"deprecation\"` to the replacement's documentation.\n",
        "tags": [
          "animals"
        ],
        "deprecated": true,
        "x-deprecation": {
          "deprecatedAt": "2025-12-05T00:00:00Z",
          "sunset": "2030-12-05T00:00:00Z",
          "replacement": "GET /pets?status=…",
          "link": "https://docs.petstore.example/#tag/animals/operation/listPets"
        },
        "parameters": [
          {
            "$ref": "#/components/parameters/PetId"
          }
        ],
        "responses": {
          "200": {
            "description": "The requested animal.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Link": {
                "$ref": "#/components/headers/DeprecationLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Pet"
                },
                "example": {
                  "id": 1,
                  "name": "Rex",
                  "categoryId": 1,
                  "status": "available"
                }
              }
            }
          },
          "400": {
            "description": "The `petId` is not a positive 64-bit integer.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Link": {
                "$ref": "#/components/headers/DeprecationLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "code": "invalid_request",
                  "message": "petId must be a positive 64-bit integer.",
                  "status": 400
                }
              }
            }
          },
          "401": {
            "description": "Missing or invalid API key.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Link": {
                "$ref": "#/components/headers/DeprecationLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "code": "unauthorized",
                  "message": "Missing or invalid API key. Send it as 'Authorization: Bearer <API_KEY>'.",
                  "status": 401
                }
              }
            }
          },
          "404": {
            "description": "The requested resource could not be found.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Link": {
                "$ref": "#/components/headers/DeprecationLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "code": "not_found",
                  "message": "No pet with id 42.",
                  "status": 404
                }
              }
            }
          },
          "503": {
            "description": "The service's store is unavailable; retry after `Retry-After` seconds.",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Retry-After": {
                "$ref": "#/components/headers/RetryAfterRequired"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Link": {
                "$ref": "#/components/headers/DeprecationLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "code": "service_unavailable",
                  "message": "The pet store is unavailable. Retry in 1 second.",
                  "status": 503
                }
              }
            }
          },
          "default": {
            "description": "Any other error, such as `429` (`rate_limited`, with `Retry-After`) from a mock or gateway,\nor `500` (`internal_error`).\n",
            "headers": {
              "X-Request-Id": {
                "$ref": "#/components/headers/X-Request-Id"
              },
              "Retry-After": {
                "$ref": "#/components/headers/Retry-After"
              },
              "Sunset": {
                "$ref": "#/components/headers/Sunset"
              },
              "Deprecation": {
                "$ref": "#/components/headers/Deprecation"
              },
              "Link": {
                "$ref": "#/components/headers/DeprecationLink"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Error"
                },
                "example": {
                  "code": "internal_error",
                  "message": "Something went wrong on our side. Retry later.",
                  "status": 500
                }
              }
            }
          }
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearerAuth": {
        "type": "http",
        "scheme": "bearer",
        "description": "An API key sent as a bearer token: `Authorization: Bearer <API_KEY>`. The scheme name is\ncase-insensitive (RFC 9110 §11.1), so `bearer <API_KEY>` works too.\n"
      }
    },
    "parameters": {
      "Limit": {
        "name": "limit",
        "in": "query",
        "required": false,
        "description": "The maximum number of animals returned, from 1 to 100, written in decimal digits (a leading\n`+` or leading zeros are accepted; a fraction or exponent such as `10.0` or `1e1` is not).\nIn a query string a bare `+` is a space, so a leading plus sign is sent as `%2B`.\nDefaults to 20. Any other value is a `400`.\n",
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        },
        "example": 10
      },
      "StatusFilter": {
        "name": "status",
        "in": "query",
        "required": false,
        "description": "Only animals with this status. An unknown value is a `400`. Defaults to no filter.",
        "schema": {
          "$ref": "#/components/schemas/PetStatus"
        },
        "example": "available"
      },
      "PetId": {
        "name": "petId",
        "in": "path",
        "required": true,
        "description": "Identifier of the animal to retrieve, a positive 64-bit integer written in decimal digits\n(a leading `+` or leading zeros are accepted: `/pets/01` is pet 1). A fraction or exponent\n(`1.0`, `1e0`), a value of 0 or less, or one above 2^63−1 is a `400`.\n",
        "schema": {
          "type": "integer",
          "format": "int64",
          "minimum": 1,
          "maximum": 9223372036854776000
        },
        "example": 1
      },
      "IdempotencyKey": {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "description": "A unique key (a UUID is a good choice) that makes retrying this request safe. The same key\nwith the same body within 24 hours replays the first response; with a different body it is\na `400`. An empty value is a `400` too: it is not the same as sending no key.\n",
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255
        },
        "example": "6f1c1c3e-9b1e-4f55-8a59-6d0f3b2c9a10"
      }
    },
    "headers": {
      "X-Request-Id": {
        "required": true,
        "description": "Identifier of this request, also written to the service's logs.",
        "schema": {
          "type": "string"
        },
        "example": "req_01HZX3J5D4N8Q2R7"
      },
      "Sunset": {
        "required": true,
        "description": "When this operation will be removed (RFC 8594), as an HTTP date.",
        "schema": {
          "type": "string",
          "const": "Thu, 05 Dec 2030 00:00:00 GMT"
        },
        "example": "Thu, 05 Dec 2030 00:00:00 GMT"
      },
      "Deprecation": {
        "required": true,
        "description": "When this operation was deprecated (RFC 9745), as `@` and Unix seconds (2025-12-05).",
        "schema": {
          "type": "string",
          "const": "@1764892800"
        },
        "example": "@1764892800"
      },
      "DeprecationLink": {
        "required": true,
        "description": "Documentation of the replacement, with `rel=\"deprecation\"` (RFC 9745).",
        "schema": {
          "type": "string",
          "const": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
        },
        "example": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
      },
      "Retry-After": {
        "description": "Seconds to wait before retrying.",
        "schema": {
          "type": "integer",
          "minimum": 0
        },
        "example": 1
      },
      "RetryAfterRequired": {
        "required": true,
        "description": "Seconds to wait before retrying.",
        "schema": {
          "type": "integer",
          "minimum": 0
        },
        "example": 1
      }
    },
    "responses": {
      "BadRequest": {
        "description": "A parameter or the body is missing or holds an invalid value, or the body's JSON is nested\ndeeper than `x-request-limits.jsonDepth` (64) arrays or objects.\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "invalid_request",
              "message": "limit must be an integer from 1 to 100.",
              "status": 400
            }
          }
        }
      },
      "Unauthorized": {
        "description": "Missing or invalid API key.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "unauthorized",
              "message": "Missing or invalid API key. Send it as 'Authorization: Bearer <API_KEY>'.",
              "status": 401
            }
          }
        }
      },
      "PayloadTooLarge": {
        "description": "The body is larger than the service accepts.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "payload_too_large",
              "message": "The request body exceeds 1048576 bytes.",
              "status": 413
            }
          }
        }
      },
      "UnsupportedMediaType": {
        "description": "The body is not `application/json`.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "unsupported_media_type",
              "message": "Send the body as application/json.",
              "status": 415
            }
          }
        }
      },
      "ServiceUnavailable": {
        "description": "The service's store is unavailable; retry after `Retry-After` seconds.",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/RetryAfterRequired"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "service_unavailable",
              "message": "The pet store is unavailable. Retry in 1 second.",
              "status": 503
            }
          }
        }
      },
      "UnexpectedError": {
        "description": "Any other error, such as `429` (`rate_limited`, with `Retry-After`) from a mock or gateway,\nor `500` (`internal_error`).\n",
        "headers": {
          "X-Request-Id": {
            "$ref": "#/components/headers/X-Request-Id"
          },
          "Retry-After": {
            "$ref": "#/components/headers/Retry-After"
          }
        },
        "content": {
          "application/json": {
            "schema": {
              "$ref": "#/components/schemas/Error"
            },
            "example": {
              "code": "internal_error",
              "message": "Something went wrong on our side. Retry later.",
              "status": 500
            }
          }
        }
      }
    },
    "schemas": {
      "PetStatus": {
        "type": "string",
        "description": "Availability of an animal.",
        "enum": [
          "available",
          "pending",
          "sold"
        ],
        "example": "available"
      },
      "NewPet": {
        "type": "object",
        "description": "An animal to add. The service assigns `id`; other fields not named here are ignored.",
        "required": [
          "name",
          "categoryId"
        ],
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255,
            "description": "The animal's name, 1 to 255 characters (Unicode code points).",
            "example": "Rex"
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Identifier of the category the animal belongs to: an integer that JavaScript represents exactly\n(|n| ≤ 2^53 − 1). A number with a fraction, or one outside this range, is a `400`; it is never rounded.\n",
            "example": 1
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus"
          }
        },
        "example": {
          "name": "Rex",
          "categoryId": 1,
          "status": "available"
        }
      },
      "Pet": {
        "type": "object",
        "description": "An animal as returned by the service, with every field of `NewPet` plus `id`.",
        "required": [
          "id",
          "name",
          "categoryId"
        ],
        "additionalProperties": false,
        "properties": {
          "id": {
            "type": "integer",
            "format": "int64",
            "minimum": 1,
            "description": "Unique identifier assigned by the service on creation.",
            "example": 1
          },
          "name": {
            "type": "string",
            "minLength": 1,
            "description": "The animal's name.",
            "example": "Rex"
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "description": "Identifier of the category the animal belongs to.",
            "example": 1
          },
          "status": {
            "$ref": "#/components/schemas/PetStatus"
          }
        },
        "example": {
          "id": 1,
          "name": "Rex",
          "categoryId": 1,
          "status": "available"
        }
      },
      "Pets": {
        "type": "array",
        "description": "A list of animals.",
        "items": {
          "$ref": "#/components/schemas/Pet"
        },
        "example": [
          {
            "id": 1,
            "name": "Rex",
            "categoryId": 1,
            "status": "available"
          }
        ]
      },
      "Error": {
        "type": "object",
        "description": "The body of every error response.",
        "required": [
          "code",
          "message",
          "status"
        ],
        "additionalProperties": false,
        "properties": {
          "code": {
            "type": "string",
            "description": "Machine-readable error code, for example `invalid_request` or `not_found`.",
            "example": "not_found"
          },
          "message": {
            "type": "string",
            "description": "Human-readable description of what went wrong and what to do.",
            "example": "No pet with id 42."
          },
          "status": {
            "type": "integer",
            "minimum": 400,
            "maximum": 599,
            "description": "The HTTP status code of the response.",
            "example": 404
          }
        },
        "example": {
          "code": "not_found",
          "message": "No pet with id 42.",
          "status": 404
        }
      }
    }
  }
} as const;
