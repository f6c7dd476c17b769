// The interactive demo (core-flows §2 /demo, §9).
/** A step of the demo stays this long before the next one shows, while the demo plays. */
export const DEMO_AUTO_ADVANCE_MS = 3000;
