import { componentSchemas, operationTable, type ContractOperation, type JsonSchema } from "@petstore/contract";

export type { ContractOperation } from "@petstore/contract";

/** A JSON Schema object as the contract writes it, after `$ref`s are inlined. */
export type Schema = JsonSchema;

/** A schema from `components/schemas`, resolved: one object per name (the generated validators are keyed by it). */
export function componentSchema(name: string): Schema {
  const schema = componentSchemas[name];
  if (!schema) throw new Error(`[@petstore/mock] the contract has no schema ${name}`);
  return schema;
}

/** Every operation in the contract, in document order (the contract's generated operation table). */
export function contractOperations(): readonly ContractOperation[] {
  return operationTable;
}

/** The operation with this id; throws a message listing the valid ids otherwise. */
export function operationById(operationId: string): ContractOperation {
  const found = operationTable.find((op) => op.operationId === operationId);
  if (!found) {
    const ids = operationTable.map((op) => op.operationId).join(", ");
    throw new TypeError(`[@petstore/mock] unknown operation ${JSON.stringify(operationId)}: use one of ${ids}`);
  }
  return found;
}
