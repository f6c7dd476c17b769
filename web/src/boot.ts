// The script of the pre-rendered pages (web/vite.config.ts swaps it in for the app's entry): it
// starts the app once the page has been drawn, so the first paint shares the network with no
// JavaScript. The app's modules are then fetched in parallel (Vite preloads the entry's imports).
requestAnimationFrame(() => setTimeout(() => void import("./main")));
