import { createPetstoreClient } from "@petstore/client";
import { startApp } from "./app";

const portText = process.env.PORT || "3000";
if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
  console.error(`[@petstore/example-node] PORT must be an integer from 0 to 65535, got ${JSON.stringify(portText)}`);
  process.exit(1);
}
// PETSTORE_API_KEY is read by the client; PETSTORE_BASE_URL points it at a local server (default: production).
const petstore = createPetstoreClient({ baseUrl: process.env.PETSTORE_BASE_URL || undefined });
const app = await startApp(petstore, Number(portText));
console.log(`[@petstore/example-node] listening on ${app.url}/available-pets`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}
