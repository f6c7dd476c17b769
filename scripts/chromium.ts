// Debian's Chromium, which the end-to-end tests and the benchmarks drive (Playwright cannot
// download browsers on these machines), and the flags every run launches it with.
export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
