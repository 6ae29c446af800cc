// `pnpm lint`: builds the app from the contract and fails when an operation has no route or a schema does not compile.
import { contractOperations } from "../src/internal/contract";
import { buildApp } from "../src/internal/app";
import { fastifyUrl } from "../src/internal/routes";
import { createMemoryStore } from "../src/store/sqlite";

const app = buildApp({
  apiKeys: ["lint"],
  store: createMemoryStore(),
  logger: false,
  logLevel: "info",
  corsOrigins: ["*"],
  bodyLimit: 1024,
  requestTimeout: 1000,
});
await app.ready();
const missing = contractOperations().filter(
  (op) => !app.hasRoute({ method: op.method as "GET", url: fastifyUrl(op.path) }),
);
await app.close();
if (missing.length > 0) {
  console.error(`[@petstore/server] no route for: ${missing.map((op) => op.operationId).join(", ")}`);
  process.exit(1);
}
console.log(`[@petstore/server] lint: ${contractOperations().length} contract operations routed, schemas compiled`);
