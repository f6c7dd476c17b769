// The bare app shell (web/dist/app-shell.html, the built index.html before any pre-render): what
// every path gets that is neither a file, a pre-rendered public page nor the API. Its path here is
// the one the assets binding serves the file under (html_handling drops the .html).
export const APP_SHELL_PATH = "/app-shell";
