// The interactive demo.
/** A step of the demo stays this long before the next one shows, while the demo plays. */
export const DEMO_AUTO_ADVANCE_MS = 3000;
