// The script of the pre-rendered pages (web/vite.config.ts swaps it in for the app's entry): it
// starts the app once the page has been drawn, so the first paint shares the network with no
// JavaScript. The frame's texts in the visitor's language are fetched at once, which the app would
// otherwise only ask for once its own chunk has arrived.
// The app's code is run in two tasks, React's chunk first: the browser runs a module graph's code in
// one task, and the whole first load in one (React's DOM renderer, the router, i18next, the frame)
// blocked the main thread ~300 ms on Lighthouse's phone CPU, the largest part of the home page's
// Total Blocking Time (410 ms -> 100-235 ms; web/vite.config.ts puts React in a chunk of its own).
import { FRAME_TEXTS } from "./i18n/frame-texts";
import { detectLanguage } from "./lib/language";
import { nextTask } from "./lib/next-task";

requestAnimationFrame(() =>
  setTimeout(() => {
    FRAME_TEXTS[detectLanguage()]().catch(() => undefined); // main.tsx asks again, and reports
    void import("react-dom/client").then(nextTask).then(() => import("./main"));
  }),
);
