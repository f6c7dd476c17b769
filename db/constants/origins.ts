// Origins more than one side must agree on. The desktop app's renderer always runs at
// app://veilleuse/: the Electron shell serves it there, and the Worker trusts that origin for
// credentialed calls (CORS, better-auth's trusted origins). Constants only, so the sandboxed
// preload, the Worker and the web build may all import this file.

/** The desktop app's own scheme and host. */
export const APP_SCHEME = "app";
export const APP_HOST = "veilleuse";
/** The origin of the desktop app's pages: app://veilleuse. */
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
