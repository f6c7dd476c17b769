// Where the API reference's static files live (written by the web build, read by /api/docs).
// Dependency-free: the Vite config imports it.
export const API_REFERENCE_ASSETS = "/api-reference";
