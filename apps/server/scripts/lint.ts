// `pnpm lint`: builds the service from the contract, which fails naming any operation without its function.
import { operationTable } from "@petstore/contract";
import { createMemoryStore, createService } from "@petstore/service";

try {
  createService({ store: createMemoryStore() });
} catch (error) {
  console.error(`[@petstore/server] cannot serve the contract: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`[@petstore/server] lint: ${operationTable.length} contract operations served by the service core`);
