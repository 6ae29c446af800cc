// Generated from openapi.yaml by `pnpm --filter @petstore/contract generate`: every operation resolved ($refs inlined) into what a router and validator need.
// Do not edit by hand; a test fails when this file is stale.

import type { ContractOperation, JsonSchema } from "../operation-table-types";

/**
 * Every operation of the contract in document order: method, path, SDK method, parameters, body, responses with
 * their schemas, and deprecation.
 */
export const operationTable: readonly ContractOperation[] = [
  {
    "operationId": "listPets",
    "method": "GET",
    "path": "/pets",
    "parameters": [
      {
        "name": "limit",
        "in": "query",
        "required": false,
        "schema": {
          "type": "integer",
          "format": "int32",
          "minimum": 1,
          "maximum": 100,
          "default": 20
        }
      },
      {
        "name": "status",
        "in": "query",
        "required": false,
        "schema": {
          "type": "string",
          "enum": [
            "available",
            "pending",
            "sold"
          ],
          "example": "available"
        }
      }
    ],
    "responses": {
      "200": {
        "schema": {
          "type": "array",
          "items": {
            "type": "object",
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
                "example": 1
              },
              "name": {
                "type": "string",
                "minLength": 1,
                "example": "Rex"
              },
              "categoryId": {
                "type": "integer",
                "format": "int64",
                "minimum": -9007199254740991,
                "maximum": 9007199254740991,
                "example": 1
              },
              "status": {
                "type": "string",
                "enum": [
                  "available",
                  "pending",
                  "sold"
                ],
                "example": "available"
              }
            },
            "example": {
              "id": 1,
              "name": "Rex",
              "categoryId": 1,
              "status": "available"
            }
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
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "400": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "401": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "503": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Retry-After": {
            "required": true
          }
        }
      },
      "default": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Retry-After": {
            "required": false
          }
        }
      }
    },
    "constantHeaders": {},
    "sdkMethod": "pets.list"
  },
  {
    "operationId": "createPet",
    "method": "POST",
    "path": "/pets",
    "parameters": [
      {
        "name": "Idempotency-Key",
        "in": "header",
        "required": false,
        "schema": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255
        }
      }
    ],
    "requestBody": {
      "required": true,
      "schema": {
        "type": "object",
        "required": [
          "name",
          "categoryId"
        ],
        "properties": {
          "name": {
            "type": "string",
            "minLength": 1,
            "maxLength": 255,
            "example": "Rex"
          },
          "categoryId": {
            "type": "integer",
            "format": "int64",
            "minimum": -9007199254740991,
            "maximum": 9007199254740991,
            "example": 1
          },
          "status": {
            "type": "string",
            "enum": [
              "available",
              "pending",
              "sold"
            ],
            "example": "available"
          }
        },
        "example": {
          "name": "Rex",
          "categoryId": 1,
          "status": "available"
        }
      },
      "example": {
        "name": "Rex",
        "categoryId": 1,
        "status": "available"
      }
    },
    "responses": {
      "201": {
        "schema": {
          "type": "object",
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
              "example": 1
            },
            "name": {
              "type": "string",
              "minLength": 1,
              "example": "Rex"
            },
            "categoryId": {
              "type": "integer",
              "format": "int64",
              "minimum": -9007199254740991,
              "maximum": 9007199254740991,
              "example": 1
            },
            "status": {
              "type": "string",
              "enum": [
                "available",
                "pending",
                "sold"
              ],
              "example": "available"
            }
          },
          "example": {
            "id": 1,
            "name": "Rex",
            "categoryId": 1,
            "status": "available"
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "400": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "401": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "413": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "415": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          }
        }
      },
      "503": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Retry-After": {
            "required": true
          }
        }
      },
      "default": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Retry-After": {
            "required": false
          }
        }
      }
    },
    "constantHeaders": {},
    "sdkMethod": "pets.create"
  },
  {
    "operationId": "getPet",
    "method": "GET",
    "path": "/pets/{petId}",
    "parameters": [
      {
        "name": "petId",
        "in": "path",
        "required": true,
        "schema": {
          "type": "integer",
          "format": "int64",
          "minimum": 1,
          "maximum": 9223372036854776000
        }
      }
    ],
    "responses": {
      "200": {
        "schema": {
          "type": "object",
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
              "example": 1
            },
            "name": {
              "type": "string",
              "minLength": 1,
              "example": "Rex"
            },
            "categoryId": {
              "type": "integer",
              "format": "int64",
              "minimum": -9007199254740991,
              "maximum": 9007199254740991,
              "example": 1
            },
            "status": {
              "type": "string",
              "enum": [
                "available",
                "pending",
                "sold"
              ],
              "example": "available"
            }
          },
          "example": {
            "id": 1,
            "name": "Rex",
            "categoryId": 1,
            "status": "available"
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Sunset": {
            "required": true,
            "const": "Thu, 05 Dec 2030 00:00:00 GMT"
          },
          "Deprecation": {
            "required": true,
            "const": "@1764892800"
          },
          "Link": {
            "required": true,
            "const": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
          }
        }
      },
      "400": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Sunset": {
            "required": true,
            "const": "Thu, 05 Dec 2030 00:00:00 GMT"
          },
          "Deprecation": {
            "required": true,
            "const": "@1764892800"
          },
          "Link": {
            "required": true,
            "const": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
          }
        }
      },
      "401": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Sunset": {
            "required": true,
            "const": "Thu, 05 Dec 2030 00:00:00 GMT"
          },
          "Deprecation": {
            "required": true,
            "const": "@1764892800"
          },
          "Link": {
            "required": true,
            "const": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
          }
        }
      },
      "404": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Sunset": {
            "required": true,
            "const": "Thu, 05 Dec 2030 00:00:00 GMT"
          },
          "Deprecation": {
            "required": true,
            "const": "@1764892800"
          },
          "Link": {
            "required": true,
            "const": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
          }
        }
      },
      "503": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Retry-After": {
            "required": true
          },
          "Sunset": {
            "required": true,
            "const": "Thu, 05 Dec 2030 00:00:00 GMT"
          },
          "Deprecation": {
            "required": true,
            "const": "@1764892800"
          },
          "Link": {
            "required": true,
            "const": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
          }
        }
      },
      "default": {
        "schema": {
          "type": "object",
          "required": [
            "code",
            "message",
            "status"
          ],
          "additionalProperties": false,
          "properties": {
            "code": {
              "type": "string",
              "example": "not_found"
            },
            "message": {
              "type": "string",
              "example": "No pet with id 42."
            },
            "status": {
              "type": "integer",
              "minimum": 400,
              "maximum": 599,
              "example": 404
            }
          },
          "example": {
            "code": "not_found",
            "message": "No pet with id 42.",
            "status": 404
          }
        },
        "headers": {
          "X-Request-Id": {
            "required": true
          },
          "Retry-After": {
            "required": false
          },
          "Sunset": {
            "required": true,
            "const": "Thu, 05 Dec 2030 00:00:00 GMT"
          },
          "Deprecation": {
            "required": true,
            "const": "@1764892800"
          },
          "Link": {
            "required": true,
            "const": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
          }
        }
      }
    },
    "constantHeaders": {
      "Sunset": "Thu, 05 Dec 2030 00:00:00 GMT",
      "Deprecation": "@1764892800",
      "Link": "<https://docs.petstore.example/#tag/animals/operation/listPets>; rel=\"deprecation\"; type=\"text/html\""
    },
    "sdkMethod": "pets.get",
    "deprecation": {
      "deprecatedAt": "2025-12-05T00:00:00Z",
      "sunset": "2030-12-05T00:00:00Z",
      "replacement": "GET /pets?status=…",
      "link": "https://docs.petstore.example/#tag/animals/operation/listPets",
      "sdkReplacement": "pets.list({ status })"
    }
  }
];

/** Every schema of `components.schemas`, resolved the same way, by name. */
export const componentSchemas: { readonly [name: string]: JsonSchema } = {
  "PetStatus": {
    "type": "string",
    "enum": [
      "available",
      "pending",
      "sold"
    ],
    "example": "available"
  },
  "NewPet": {
    "type": "object",
    "required": [
      "name",
      "categoryId"
    ],
    "properties": {
      "name": {
        "type": "string",
        "minLength": 1,
        "maxLength": 255,
        "example": "Rex"
      },
      "categoryId": {
        "type": "integer",
        "format": "int64",
        "minimum": -9007199254740991,
        "maximum": 9007199254740991,
        "example": 1
      },
      "status": {
        "type": "string",
        "enum": [
          "available",
          "pending",
          "sold"
        ],
        "example": "available"
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
        "example": 1
      },
      "name": {
        "type": "string",
        "minLength": 1,
        "example": "Rex"
      },
      "categoryId": {
        "type": "integer",
        "format": "int64",
        "minimum": -9007199254740991,
        "maximum": 9007199254740991,
        "example": 1
      },
      "status": {
        "type": "string",
        "enum": [
          "available",
          "pending",
          "sold"
        ],
        "example": "available"
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
    "items": {
      "type": "object",
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
          "example": 1
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "example": "Rex"
        },
        "categoryId": {
          "type": "integer",
          "format": "int64",
          "minimum": -9007199254740991,
          "maximum": 9007199254740991,
          "example": 1
        },
        "status": {
          "type": "string",
          "enum": [
            "available",
            "pending",
            "sold"
          ],
          "example": "available"
        }
      },
      "example": {
        "id": 1,
        "name": "Rex",
        "categoryId": 1,
        "status": "available"
      }
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
    "required": [
      "code",
      "message",
      "status"
    ],
    "additionalProperties": false,
    "properties": {
      "code": {
        "type": "string",
        "example": "not_found"
      },
      "message": {
        "type": "string",
        "example": "No pet with id 42."
      },
      "status": {
        "type": "integer",
        "minimum": 400,
        "maximum": 599,
        "example": 404
      }
    },
    "example": {
      "code": "not_found",
      "message": "No pet with id 42.",
      "status": 404
    }
  }
};
