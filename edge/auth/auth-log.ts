// better-auth's log lines, written to the console at their level as better-auth would, with one
// exception: the session hook (create-auth.ts) refuses a session to a deleted or suspended account
// on purpose, and better-auth logs every refused session as an error ("Failed to create session").
// The sign-in then answers 403 with the reason (services/account/password-sign-in.ts): nothing
// failed, so an operator watching for errors is not woken by a suspended user trying to sign in.

/** The line better-auth writes when a session hook returns false; our hook does so only for closed accounts. */
export const REFUSED_SESSION_MESSAGE = "Failed to create session";

type AuthLogLevel = "debug" | "info" | "warn" | "error";

export function logAuthEvent(level: AuthLogLevel, message: string, ...details: unknown[]): void {
  if (message === REFUSED_SESSION_MESSAGE) {
    console.info("[Better Auth] no session for a deleted or suspended account (the sign-in answers 403)");
    return;
  }
  // Debug lines go out as info: the Worker's code writes to the console at error, warn and info only.
  const write = { debug: console.info, info: console.info, warn: console.warn, error: console.error }[level];
  write(`[Better Auth] ${message}`, ...details);
}
