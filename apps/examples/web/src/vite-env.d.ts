/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "mock" runs on the MSW service worker; "server" calls VITE_PETSTORE_BASE_URL. */
  readonly VITE_PETSTORE_MODE?: string;
  readonly VITE_PETSTORE_BASE_URL?: string;
  readonly VITE_PETSTORE_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
