/** How the app reaches the Petstore API. */
export type AppConfig = { mode: "mock" } | { mode: "server"; baseUrl: string; apiKey: string };

/** Reads the mode from Vite's `VITE_PETSTORE_*` variables; a missing or unknown value is a clear error. */
export function readConfig(env: ImportMetaEnv): AppConfig {
  if (env.VITE_PETSTORE_MODE === "mock") return { mode: "mock" };
  if (env.VITE_PETSTORE_MODE !== "server") {
    throw new Error(
      `[@petstore/example-web] VITE_PETSTORE_MODE must be "mock" or "server", got ${JSON.stringify(env.VITE_PETSTORE_MODE)}`,
    );
  }
  if (!env.VITE_PETSTORE_BASE_URL || !env.VITE_PETSTORE_API_KEY) {
    throw new Error(
      "Server mode needs VITE_PETSTORE_BASE_URL and VITE_PETSTORE_API_KEY: put the key `pnpm start` printed in .env.development.local, then restart.",
    );
  }
  return { mode: "server", baseUrl: env.VITE_PETSTORE_BASE_URL, apiKey: env.VITE_PETSTORE_API_KEY };
}
