// `pnpm lint`: the handlers answer through the service core, which refuses to start without a function for every
// operation of the contract; this builds a handler set, so a new operation cannot ship unanswered.
import { createPetstoreHandlers } from "../src/handlers";
import { contractOperations } from "../src/internal/contract";

try {
  createPetstoreHandlers();
} catch (error) {
  const missing = /operation (\w+)/.exec((error as Error).message)?.[1];
  console.error(`[@petstore/mock] no implementation for: ${missing ?? "?"} (${(error as Error).message})`);
  process.exit(1);
}
console.log(
  `[@petstore/mock] lint: all ${contractOperations().length} contract operations answered by the service core`,
);
