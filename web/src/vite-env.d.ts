/// <reference types="vite/client" />

/** The id of this build (vite.config.ts); /version.json carries the id of the build the server has now. */
declare const __BUILD_ID__: string;
