// Whether the first render is hydrating a pre-rendered page. Such a render must draw exactly what
// the HTML shows (the pre-render's view of the page: no URL parameters, no session), and a
// component that shows more once it runs in the browser asks useHydrated.

import { startTransition, useEffect, useState } from "react";

let hydrating = false;

/** The entry says so before it hydrates a pre-rendered page, and again once that render is on screen. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/**
 * False in the pre-render and in the hydrating render, true on the next render, and true at once
 * for anything drawn later (a page opened from a link). The switch is a transition: React draws it
 * in slices that leave the main thread free between them, not as one task in the hydration's
 * effects (what useSyncExternalStore's server snapshot did, about 25 ms of a desktop CPU on /search).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof document !== "undefined" && !hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
