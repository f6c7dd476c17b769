// A window's popstate listeners run in the order they were added, whatever their capture flag
// (Chromium, measured: a capture listener added later still ran after the router's). The leave
// guard must see Back and Forward before the router does, and it is added long after the router
// mounted; so main.tsx adds this one listener first, before anything else, and the guard plugs
// its handler into it (stopImmediatePropagation then keeps the move from the router).
type PopStateHandler = (event: PopStateEvent) => void;

let handler: PopStateHandler | null = null;

/** Called once by main.tsx, before the app (and its router) mounts. */
export function listenFirstToPopState(): void {
  window.addEventListener("popstate", (event) => handler?.(event));
}

/** The handler that sees every popstate first; null to stop. */
export function setFirstPopStateHandler(next: PopStateHandler | null): void {
  handler = next;
}
