import { createPetstoreClient } from "@petstore/client";
import { startApp } from "./app";
import { reportEmptyStore } from "./empty-store";

const portText = process.env.PORT || "3000";
if (!/^\d+$/.test(portText) || Number(portText) > 65535) {
  console.error(`[@petstore/example-node] PORT must be an integer from 0 to 65535, got ${JSON.stringify(portText)}`);
  process.exit(1);
}
try {
  // PETSTORE_API_KEY is read by the client; PETSTORE_BASE_URL points it at a local server (default: production).
  const petstore = createPetstoreClient({ baseUrl: process.env.PETSTORE_BASE_URL || undefined });
  const app = await startApp(petstore, Number(portText));
  // Handlers before the first line of output: a signal sent as soon as it appears must not find the default (kill).
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  console.log(`[@petstore/example-node] listening on ${app.url}/available-pets`);
  await reportEmptyStore(petstore, process.env.PETSTORE_BASE_URL || "https://api.petstore.example/v1");
} catch (error) {
  // A missing key, an unusable base URL or a busy port: the message says what to fix, a stack trace would hide it.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
