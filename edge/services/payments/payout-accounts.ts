// A babysitter's payout account: where the families' card payments go (Stripe Connect Express, her
// details and bank account given to Stripe on its own pages; or the demo provider, enabled at once).
// One account per babysitter (the table's key, and the provider's idempotency key on its creation).
import { eq, sql } from "drizzle-orm";
import type { Db } from "@db/client";
import { payoutAccounts } from "@db/schema/payments";
import type { PayoutAccountStatus } from "@db/schema/enums";
import type { PayoutAccountDto } from "@db/validators/payments";
import type { CallerProfile } from "../../lib/caller-profile";
import { profileActor, recordAudit, type AuditOrigin } from "../audit/audit";
import type { PaymentsGateway } from "./payments-gateway";

/** Where Stripe sends her back once her details are given (or when its link has expired). */
export const PAYOUTS_RETURN_PATH = "/settings?payouts=return";

export async function payoutAccountOf(db: Db, profileId: string) {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.profileId, profileId)).limit(1);
  return row ?? null;
}

export function payoutAccountView(
  row: { provider: "stripe" | "demo"; status: PayoutAccountStatus } | null,
): PayoutAccountDto {
  return { status: row?.status ?? "none", provider: row?.provider ?? null };
}

/**
 * Opens her account if she has none, and answers where she completes it: the provider's onboarding
 * page, or null when nothing is left to give (an enabled account, or the demo provider).
 */
export async function startPayoutOnboarding(
  db: Db,
  gateway: PaymentsGateway,
  sitter: CallerProfile,
  publicOrigin: string,
  origin: AuditOrigin,
): Promise<{ account: PayoutAccountDto; onboarding_url: string | null }> {
  let row = await payoutAccountOf(db, sitter.id);
  if (!row) {
    const accountId = await gateway.createPayoutAccount({ profileId: sitter.id, email: sitter.email });
    const inserted = await db
      .insert(payoutAccounts)
      .values({ profileId: sitter.id, provider: gateway.kind, accountId })
      .onConflictDoNothing()
      .returning();
    if (inserted.length > 0)
      await recordAudit(db, profileActor(sitter), origin, {
        action: "payout.account_open",
        resource: `payout_account:${accountId}`,
      });
    row = await payoutAccountOf(db, sitter.id);
  }
  if (!row) throw new Error("payout account missing after its insert");
  if (row.status === "enabled") return { account: payoutAccountView(row), onboarding_url: null };
  const url = `${publicOrigin}${PAYOUTS_RETURN_PATH}`;
  const link = await gateway.onboardingLink(row.accountId, { returnUrl: url, refreshUrl: url });
  if (link) return { account: payoutAccountView(row), onboarding_url: link };
  // Nothing to give: the provider's state is the account's.
  return { account: await refreshPayoutAccount(db, gateway, sitter.id), onboarding_url: null };
}

/** Reads her account's state from the provider (her return from its pages) and stores it. */
export async function refreshPayoutAccount(db: Db, gateway: PaymentsGateway, profileId: string) {
  const row = await payoutAccountOf(db, profileId);
  if (!row) return payoutAccountView(null);
  const status = await gateway.payoutAccountStatus(row.accountId);
  await db.update(payoutAccounts).set({ status }).where(eq(payoutAccounts.profileId, profileId));
  return payoutAccountView({ ...row, status });
}

/** Stripe's account.updated: the state it had at `syncedAt` (seconds), never over a newer one. */
export async function recordPayoutAccountState(
  db: Db,
  accountId: string,
  status: PayoutAccountStatus,
  syncedAt: number,
) {
  return db
    .update(payoutAccounts)
    .set({ status, providerSyncedAt: syncedAt })
    .where(
      sql`${payoutAccounts.accountId} = ${accountId} AND (${payoutAccounts.providerSyncedAt} IS NULL OR ${payoutAccounts.providerSyncedAt} <= ${syncedAt})`,
    );
}
