/// <reference types="vite/client" />

/** Set by `define` in vite.config.ts: the id of this build. */
declare const __BUILD_ID__: string;
