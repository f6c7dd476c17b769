// electron-builder `beforeBuild` hook. desktop/build.ts bundles everything main and preload need
// (electron aside) and web/dist is a browser bundle, so the app needs no node_modules at all.
// Answering false tells electron-builder that dependencies are handled outside it: it neither
// rebuilds nor copies the repo's production dependencies (hono, better-auth, ...) into app.asar.
exports.beforeBuild = async () => false;
