// What every new session also does (better-auth's session hook, after the answer): the account's
// language follows the one it signs in with (emails, SMS and push are written in it), and a sign-in
// from a browser the account never used sends the 'new sign-in' security notice. Browsers are
// recognised by their device cookie (auth/device.ts), stored as its SHA-256 in known_device; the
// first browser an account signs in from is simply remembered, and a session that replaces one
// (a password change renews the caller's session) is no sign-in. Each sign-in is in the audit log
// (the console's "last sign-in" reads it).
import { and, count, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { knownDevice } from "@db/schema/auth";
import { profiles } from "@db/schema/profiles";
import { notifyUser } from "../notifications/notify";
import { recordAudit } from "../audit/audit";
import type { Param } from "../../delivery/templates";
import type { Env } from "../../env";
import type { Lang } from "../../lib/i18n";
import { describeDevice } from "./sessions";

export type SignIn = {
  userId: string;
  sessionId: string;
  userAgent: string | null | undefined;
  ipAddress: string | null | undefined;
  lang: Lang;
  city: string | null;
  country: string | null;
  at: Date;
  /** SHA-256 of the browser's device cookie. */
  deviceHash: string;
  /** The session replaces the caller's own (password change): remember the browser, tell nobody. */
  renewal?: boolean;
};

/** 'Chrome · Linux'; what Settings → Sécurité shows for the session. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  const { browser, os } = describeDevice(userAgent);
  return [browser, os].filter(Boolean).join(" · ") || null;
}

/** Records the browser for the account; true when the account had never used it. */
async function rememberDevice(db: Db, userId: string, deviceHash: string, at: Date): Promise<boolean> {
  const [added] = await db
    .insert(knownDevice)
    .values({ userId, deviceHash, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoNothing()
    .returning({ userId: knownDevice.userId });
  if (added) return true;
  await db
    .update(knownDevice)
    .set({ lastSeenAt: at })
    .where(and(eq(knownDevice.userId, userId), eq(knownDevice.deviceHash, deviceHash)));
  return false;
}

export async function afterSignIn(env: Env, db: Db, signIn: SignIn): Promise<void> {
  const [profile] = await db
    .update(profiles)
    .set({ language: signIn.lang })
    .where(eq(profiles.userId, signIn.userId))
    .returning({ firstName: profiles.firstName, lastName: profiles.lastName });
  if (!signIn.renewal)
    await recordAudit(
      db,
      { userId: signIn.userId, name: profile ? `${profile.firstName} ${profile.lastName}` : null },
      { ipAddress: signIn.ipAddress ?? null, userAgent: signIn.userAgent ?? null },
      { action: "auth.sign_in", resource: `session:${signIn.sessionId}` },
    );
  const isNew = await rememberDevice(db, signIn.userId, signIn.deviceHash, signIn.at);
  if (!isNew || signIn.renewal) return;
  const [{ devices }] = await db
    .select({ devices: count() })
    .from(knownDevice)
    .where(eq(knownDevice.userId, signIn.userId));
  if (devices < 2) return;
  const device = deviceLabel(signIn.userAgent) ?? "unknown";
  const deviceParam: Param = device === "unknown" ? { text: "events.newSignIn.unknownDevice" } : device;
  const place = [signIn.city, signIn.country].filter(Boolean).join(", ");
  await notifyUser(env, db, signIn.userId, {
    event: "newSignIn",
    occurrence: signIn.sessionId,
    params: { device: deviceParam },
    details: [
      { label: "device", value: deviceParam },
      { label: "when", value: { day: signIn.at.toISOString() } },
      { label: "time", value: { time: signIn.at.toISOString() } },
      ...(place ? [{ label: "place", value: place }] : []),
    ],
    link: "/settings?tab=security",
  });
}
