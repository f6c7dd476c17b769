// Unsaved changes are not dropped without a word. A form says it has changes (useUnsavedChanges);
// the page's guard (useLeaveGuard) then asks before any way out of the page:
// - in-app navigation (links, navigate(), the page's own tabs): held until the user answers;
// - the browser's back and forward buttons: undone, then replayed if the user leaves;
// - reload, closing the tab, typing another address: the browser's own beforeunload question.
// react-router's useBlocker needs its data router, and the app uses the declarative one (half the
// size on the first load of /), so the guard wraps the declarative router's history instead.
// Only the lazy pages with forms import this module: it is not part of the first load.
import { useContext, useEffect, useId, useState, useSyncExternalStore } from "react";
import { UNSAFE_NavigationContext } from "react-router-dom";
import { setFirstPopStateHandler } from "./first-popstate";

/** The forms that have changes not saved yet, by their hook's id. */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const hasChanges = () => dirtyForms.size > 0;

/** Marks the calling form as changed while `dirty`; saving or resetting it (dirty false) clears the mark. */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    emit();
    return () => {
      dirtyForms.delete(id);
      emit();
    };
  }, [dirty, id]);
}

type History = { push: (...args: unknown[]) => void; replace: (...args: unknown[]) => void };

/** The history index react-router keeps in each entry's state (0 for the first entry). */
const entryIndex = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === "number" ? idx : null;
};

type Pending = { go: () => void };

/**
 * Holds every way out of the page, handing each to `hold` (which may replay it with `go`); returns
 * the function that lets them through again.
 */
function holdNavigation(history: History, hold: (pending: Pending) => void): () => void {
  const { push, replace } = history;
  history.push = (...args) => hold({ go: () => push.apply(history, args) });
  history.replace = (...args) => hold({ go: () => replace.apply(history, args) });

  // Back or forward: the address has already changed. The router's own listener is skipped (ours
  // runs first: lib/first-popstate.ts), the move is undone, and replayed only if the user leaves.
  const here = entryIndex(window.history.state);
  let undoing = false;
  const onPopState = (event: PopStateEvent) => {
    const to = entryIndex(event.state);
    if (here === null || to === null || to === here) {
      if (undoing) event.stopImmediatePropagation();
      undoing = false;
      return;
    }
    event.stopImmediatePropagation();
    undoing = true;
    window.history.go(here - to);
    hold({
      go: () => {
        setFirstPopStateHandler(null);
        window.history.go(to - here);
      },
    });
  };
  const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();

  setFirstPopStateHandler(onPopState);
  window.addEventListener("beforeunload", onBeforeUnload);
  return () => {
    history.push = push;
    history.replace = replace;
    setFirstPopStateHandler(null);
    window.removeEventListener("beforeunload", onBeforeUnload);
  };
}

/**
 * While any form of the page has changes, every navigation away waits for an answer: `asking` is
 * true, `stay()` keeps the page and its changes, `leave()` drops them and goes where the user was going.
 */
export function useLeaveGuard(): { asking: boolean; stay: () => void; leave: () => void } {
  const blocking = useSyncExternalStore(subscribe, hasChanges, () => false);
  const history = useContext(UNSAFE_NavigationContext).navigator as unknown as History;
  const [pending, setPending] = useState<Pending | null>(null);

  useEffect(() => (blocking ? holdNavigation(history, setPending) : undefined), [blocking, history]);

  return {
    asking: pending !== null,
    stay: () => setPending(null),
    leave: () => {
      setPending(null);
      dirtyForms.clear();
      emit();
      pending?.go();
    },
  };
}
