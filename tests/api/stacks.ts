// The API suite runs its files three at a time, each worker against a stack of its own (own Worker,
// own copy of the seeded database, own Stripe, Twilio and push doubles). The files of one worker
// run one after another, as the whole suite once did on one stack: nothing one file programs into a
// double, or changes in the demo world, reaches a file running at the same time.
// Three on a 2-core machine: with two workers the suite left about a third of a core idle (waiting
// on sockets, timers and the stacks); with three both cores are 91 to 98 % busy. Measured on the
// whole suite: 256 s with two stacks, 205 s with three, 214 s with four.
export const API_STACK_COUNT = 3;

/** What a test file needs of its stack (global-setup provides one per worker). */
export type ApiStack = {
  baseUrl: string;
  dbFile: string;
  /** The Worker's log (console.info and up): the realtime tests read the inbox's wake-ups there. */
  workerLog: string;
  /** The local Stripe double the Worker's SDK talks to (tests/stripe-double.ts), driven over HTTP. */
  stripeDouble: string;
  /** The local Twilio double the Worker's SMS transport posts to (tests/twilio-double.ts). */
  twilioDouble: string;
  /** The local push service the Worker's push transport posts to (tests/push-double.ts). */
  pushDouble: string;
};
