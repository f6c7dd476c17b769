// The app's entry (the app shell loads it; a pre-rendered page through web/src/boot.ts). A
// pre-rendered page (web/dist/<page>.html, in French, `inert` until it runs) is hydrated; any other
// path (the app shell) is drawn from scratch. Either way the current page's chunk is loaded first,
// so the first render is the page itself, and the visitor's language replaces French once it is
// drawn.
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import "./styles.css";
import { App } from "./app/app";
import { preloadPages } from "./app/router";
import { PRERENDERED_ATTRIBUTE } from "./app/prerendered";
import { listenFirstToPopState } from "./lib/first-popstate";
import { applyPreferredLanguage } from "./lib/i18n";

listenFirstToPopState(); // before the router's own listener (see lib/first-popstate.ts)

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

/** Once the first render is on screen: the page takes clicks and typing, in the visitor's language. */
function Live() {
  useEffect(() => {
    container?.removeAttribute("inert");
    void applyPreferredLanguage();
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
  await preloadPages(pathname);
  if (root.getAttribute(PRERENDERED_ATTRIBUTE) === pathname) {
    // As a transition, hydration yields to the browser every few milliseconds (no long task).
    startTransition(() => void hydrateRoot(root, app));
  } else {
    await applyPreferredLanguage();
    createRoot(root).render(app);
  }
}

void start(container);
