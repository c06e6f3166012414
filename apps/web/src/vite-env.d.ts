/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Build setting: where the API lives when it is not served from the same origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
