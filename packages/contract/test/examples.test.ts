import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { openapiDocument, operations, servers } from "../src/index";

type Json = Record<string, any>;
const doc = openapiDocument as unknown as Json;

function resolve(node: Json): Json {
  if (typeof node?.$ref !== "string") return node;
  const target = node.$ref
    .slice(2)
    .split("/")
    .reduce((at: Json, key: string) => at[key], doc);
  return resolve(target);
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: "contract", components: doc.components });
const validatorFor = (schema: Json) =>
  ajv.compile({ ...JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"contract#/components')) });

const responseExamples = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json).flatMap(([method, op]) =>
    Object.entries((op as Json).responses).flatMap(([status, response]) => {
      // A bodiless response (204) has no content to exemplify.
      const media = resolve(response as Json).content?.["application/json"];
      return media
        ? [{ name: `${method.toUpperCase()} ${path} ${status}`, schema: media.schema, example: media.example }]
        : [];
    }),
  ),
);

describe("openapi.yaml", () => {
  it.each(responseExamples)("$name has an example valid against its schema", ({ schema, example }) => {
    expect(example).toBeDefined();
    const validate = validatorFor(schema);
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
  });

  it("names both environments with a /v1 base path", () => {
    expect(servers).toEqual({
      production: "https://api.petstore.example/v1",
      staging: "https://staging.api.petstore.example/v1",
    });
  });

  it("marks only getPet deprecated, with its removal date and replacement", () => {
    expect(operations.getPet.deprecation).toMatchObject({
      sunset: "2030-12-05T00:00:00Z",
      replacement: "GET /pets?status=…",
    });
    expect("deprecation" in operations.listPets).toBe(false);
    expect(doc.paths["/pets/{petId}"].get.deprecated).toBe(true);
  });

  it("tags every operation `animals` and requires bearer auth globally", () => {
    const all = Object.values(doc.paths as Json).flatMap((item) => Object.values(item as Json));
    expect(all).toHaveLength(Object.keys(operations).length);
    for (const op of all) expect(op.tags).toEqual(["animals"]);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("rejects a schema-violating body", () => {
    const validate = validatorFor({ $ref: "#/components/schemas/Pet" });
    expect(validate({ id: 0, name: "", categoryId: 1.5, status: "lost" })).toBe(false);
  });
});
