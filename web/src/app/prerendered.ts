// The pre-rendered pages mark #root with the path they were rendered for: the browser entry
// hydrates only when it matches the current path (any other path gets the bare app shell).
export const PRERENDERED_ATTRIBUTE = "data-prerendered";

/** Set on #root once the app runs the page (hydrated or drawn): the page takes clicks and typing. */
export const LIVE_ATTRIBUTE = "data-live";

/**
 * Marks what a pre-rendered page made `inert` until the app runs it. Until then a form would be
 * the browser's own (a submit is a GET with the password in the URL), typing into a field React has
 * not taken over yet would be wiped, and a button would do nothing: so every link, button, form and
 * field is inert, and the text around them stays readable.
 *
 * Only those, not #root: `inert` is inherited, so taking it off #root made the browser compute the
 * style of every element of the page again, in one task (on /search, 850 elements: the largest
 * style recalculation of its load, about 55 ms under Lighthouse's four-fold CPU slowdown); taken
 * off the interactive elements, it reaches only them and what they hold.
 */
export const UNTIL_LIVE_ATTRIBUTE = "data-until-live";

const INTERACTIVE_TAGS = /<(a|button|form|input|select|textarea)(?=[\s/>])/g;

/** The pre-rendered markup with each interactive element `inert` until the app runs the page. */
export function inertUntilLive(markup: string): string {
  return markup.replace(INTERACTIVE_TAGS, `<$1 inert ${UNTIL_LIVE_ATTRIBUTE}`);
}

/** What the app does once it runs the page: the inert elements come alive, and #root says so. */
export function markLive(root: HTMLElement): void {
  for (const element of root.querySelectorAll(`[${UNTIL_LIVE_ATTRIBUTE}]`)) {
    element.removeAttribute("inert");
    element.removeAttribute(UNTIL_LIVE_ATTRIBUTE);
  }
  root.setAttribute(LIVE_ATTRIBUTE, "");
}
