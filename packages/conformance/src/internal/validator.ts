import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { contractDocument, type JsonObject } from "./contract";

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema({ $id: "contract", components: contractDocument.components });

const cache = new Map<string, ValidateFunction>();

/** Compiles (once) a schema taken from the contract, whose `$ref`s point into the contract's components. */
function compile(schema: JsonObject): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile(JSON.parse(key.replaceAll('"#/components', '"contract#/components')));
    cache.set(key, validate);
  }
  return validate;
}

/** Validates a value against a contract schema; returns readable problems, empty when valid. */
export function schemaProblems(schema: JsonObject, value: unknown): string[] {
  const validate = compile(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || "(root)"} ${error.message ?? "is invalid"}`);
}
