// What every new session also does (better-auth's session hook, after the answer): the account's
// language follows the one it signs in with (emails, SMS and push are written in it), and a sign-in
// from a device the account never used sends the 'new sign-in' security notice. The first device
// an account signs in from is simply remembered.
import { count, eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { knownDevices } from "@db/schema/auth";
import { profiles } from "@db/schema/profiles";
import { notifyUser } from "../delivery/notify";
import type { Param } from "../delivery/templates";
import type { Env } from "../env";
import type { Lang } from "../lib/i18n";
import { describeDevice } from "./sessions";

export type SignIn = {
  userId: string;
  sessionId: string;
  userAgent: string | null | undefined;
  lang: Lang;
  city: string | null;
  country: string | null;
  at: Date;
};

/** 'Chrome · Linux'; what Settings → Sécurité shows for the session. */
export function deviceLabel(userAgent: string | null | undefined): string | null {
  const { browser, os } = describeDevice(userAgent);
  return [browser, os].filter(Boolean).join(" · ") || null;
}

export async function afterSignIn(env: Env, db: Db, signIn: SignIn): Promise<void> {
  await db.update(profiles).set({ language: signIn.lang }).where(eq(profiles.userId, signIn.userId));
  const device = deviceLabel(signIn.userAgent) ?? "unknown";
  const [added] = await db
    .insert(knownDevices)
    .values({ userId: signIn.userId, device, firstSeenAt: signIn.at })
    .onConflictDoNothing()
    .returning({ device: knownDevices.device });
  if (!added) return;
  const [{ devices }] = await db
    .select({ devices: count() })
    .from(knownDevices)
    .where(eq(knownDevices.userId, signIn.userId));
  if (devices < 2) return;
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
