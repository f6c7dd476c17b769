// The script of the pre-rendered pages (web/vite.config.ts swaps it in for the app's entry): it
// starts the app once the page has been drawn, so the first paint shares the network with no
// JavaScript. The app's modules are then fetched in parallel (Vite preloads the entry's imports),
// and with them the frame's texts in the visitor's language, which the app would otherwise only
// ask for once its own chunk has arrived.
import { FRAME_TEXTS } from "./i18n/frame-texts";
import { detectLanguage } from "./lib/language";

requestAnimationFrame(() =>
  setTimeout(() => {
    void import("./main");
    FRAME_TEXTS[detectLanguage()]().catch(() => undefined); // main.tsx asks again, and reports
  }),
);
