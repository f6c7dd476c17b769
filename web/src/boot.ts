// The script of the pre-rendered pages (web/vite.config.ts swaps it in for the app's entry): it
// starts the app once the page has been drawn, so the first paint shares the network with no
// JavaScript. The frame's texts in the visitor's language are fetched at once, which the app would
// otherwise only ask for once its own chunk has arrived.
// The app's code is run in three tasks: React's chunk, i18next's, then the app's own. The browser
// runs a module graph's code in one task, and the whole first load in one (React's DOM renderer,
// the router, i18next, the frame) blocked the main thread ~300 ms on Lighthouse's phone CPU, the
// largest part of the home page's Total Blocking Time (web/vite.config.ts gives each of the two
// packages its chunk). Each step costs a round trip before the page is live, for a shorter longest
// task; a fourth step (the router apart) gained nothing measurable (docs/testing.md, "eighth
// session").
import { FRAME_TEXTS } from "./i18n/frame-texts";
import { detectLanguage } from "./lib/language";
import { nextTask } from "./lib/next-task";

requestAnimationFrame(() =>
  setTimeout(() => {
    FRAME_TEXTS[detectLanguage()]().catch(() => undefined); // main.tsx asks again, and reports
    void startApp();
  }),
);

async function startApp() {
  await import("react-dom/client");
  await nextTask();
  await import("i18next");
  await nextTask();
  await import("./main");
}
