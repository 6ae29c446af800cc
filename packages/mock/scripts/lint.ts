// `pnpm lint`: fails when an operation of the contract has no implementation in the mock, so a new operation in
// openapi.yaml cannot ship with handlers that answer it with an internal error.
import { contractOperations } from "../src/internal/contract";
import { createOperations } from "../src/internal/operations";
import { createPetstoreStore } from "../src/store";

const implemented = createOperations(createPetstoreStore());
const missing = contractOperations().filter((operation) => !implemented[operation.operationId]);
if (missing.length > 0) {
  console.error(
    `[@petstore/mock] no implementation for: ${missing.map((operation) => operation.operationId).join(", ")}`,
  );
  process.exit(1);
}
console.log(`[@petstore/mock] lint: all ${contractOperations().length} contract operations implemented`);
