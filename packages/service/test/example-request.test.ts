import { operationTable } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { exampleRequest } from "../../../test/helpers/operations.ts";

// The repository's per-operation tests send `exampleRequest`'s body as each operation's valid body.
const createPet = operationTable.find((op) => op.operationId === "createPet")!;
const statusBody = { type: "object", required: ["status"], properties: { status: { type: "string" } } };
const setPetStatus = {
  ...createPet,
  operationId: "setPetStatus",
  method: "PUT",
  path: "/pets/{petId}/status",
  requestBody: { required: true, schema: statusBody },
};

describe("exampleRequest", () => {
  it("sends the media type's example of a request body, as openapi.yaml gives createPet's", () => {
    expect(createPet.requestBody?.example).toBeDefined();
    expect(exampleRequest(createPet, 1).body).toEqual(createPet.requestBody?.example);
    const beside = { ...setPetStatus, requestBody: { ...setPetStatus.requestBody, example: { status: "sold" } } };
    expect(exampleRequest(beside, 7)).toEqual({
      operationId: "setPetStatus",
      method: "PUT",
      path: "/pets/7/status",
      body: { status: "sold" },
    });
  });

  it("prefers the media type's example to the schema's, and takes the schema's when it is the only one", () => {
    const both = {
      required: true,
      schema: { ...statusBody, example: { status: "pending" } },
      example: { status: "sold" },
    };
    expect(exampleRequest({ ...setPetStatus, requestBody: both }, 1).body).toEqual({ status: "sold" });
    const { example: _, ...onSchema } = both;
    expect(exampleRequest({ ...setPetStatus, requestBody: onSchema }, 1).body).toEqual({ status: "pending" });
  });

  it("says where to put the example when the body has none", () => {
    expect(() => exampleRequest(setPetStatus, 1)).toThrow(
      `setPetStatus's request body has no example in openapi.yaml: add one at ` +
        `paths["/pets/{petId}/status"].put.requestBody.content["application/json"].example (or as its schema's ` +
        "example); the tests send it as the operation's valid body",
    );
  });
});
