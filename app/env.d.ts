/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  readonly VITE_GATEWAY_LINES?: string;
  readonly VITE_GATEWAY_AES_KEY?: string;
  readonly VITE_GATEWAY_AES_IV?: string;
  readonly VITE_GATEWAY_SIGN_SECRET?: string;
  readonly VITE_GATEWAY_MEDIA_KEY?: string;
}
