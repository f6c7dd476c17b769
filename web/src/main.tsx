// The app's entry (the app shell loads it; a pre-rendered page through web/src/boot.ts). The
// visitor's language and the current page's chunk and texts are loaded first, so the first render is
// the page itself, complete. A pre-rendered page (web/dist/<page>.html, its links, buttons and
// fields `inert` until it runs) is hydrated when it was drawn in the visitor's language (the Worker
// picks it from the language cookie, else Accept-Language); otherwise, and on any other path (the
// app shell), the page is drawn from scratch, in the visitor's language only. Either way #root then
// gets `data-live`.
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import "./styles.css";
import { App } from "./app/app";
import { prefetchPageData, preloadPages } from "./app/router";
import { markLive, PRERENDERED_ATTRIBUTE } from "./app/prerendered";
import { listenFirstToPopState } from "./lib/first-popstate";
import { setHydrating } from "./lib/hydration";
import { applyPreferredLanguage, currentLanguage } from "./lib/i18n";
import { nextTask } from "./lib/next-task";
import { prefetchSession } from "./lib/session";

listenFirstToPopState(); // before the router's own listener (see lib/first-popstate.ts)

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

/** Once the first render is on screen, the page takes clicks and typing. */
function Live() {
  useEffect(() => {
    setHydrating(false);
    if (container) markLive(container);
  }, []);
  return null;
}

const pathname = window.location.pathname.replace(/(.)\/+$/, "$1");
const app = (
  <StrictMode>
    <App />
    <Live />
  </StrictMode>
);

/**
 * Not top-level awaits: this module shares its chunk with the frame every page imports (see
 * web/vite.config.ts), and a page's chunk waits for that chunk to finish evaluating, so awaiting the
 * page here would wait forever.
 */
async function start(root: HTMLElement) {
  const drawnIn = document.documentElement.lang;
  // The session's request and the routes' matching each start a task of their own: this module's
  // evaluation is already one of the load's longest tasks.
  await nextTask();
  prefetchSession();
  await applyPreferredLanguage();
  await nextTask();
  // A page whose chunk cannot be fetched still starts the app: its route then shows the error
  // screen (with 'Recharger la page') instead of leaving the page inert.
  await preloadPages(pathname).catch(() => undefined);
  prefetchPageData(new URL(window.location.href));
  if (root.getAttribute(PRERENDERED_ATTRIBUTE) === pathname && drawnIn === currentLanguage()) {
    setHydrating(true);
    // As a transition, hydration yields to the browser every few milliseconds (no long task).
    startTransition(() => void hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
}

void start(container);
