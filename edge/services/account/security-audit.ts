// What an account changes in its own security, in the audit log (better-auth performs the change;
// this records it once better-auth has answered success).
import type { Db } from "@db/client";
import { recordAudit, type AuditOrigin } from "../audit/audit";

/** Two-factor switched on (its first code accepted) or off. */
export async function recordTwoFactorChange(db: Db, userId: string, origin: AuditOrigin, on: boolean): Promise<void> {
  await recordAudit(db, { userId, name: null }, origin, {
    action: "account.two_factor",
    resource: `user:${userId}`,
    metadata: { on },
  });
}
