// The business side of the demo world: plans and invoices, notifications, moderation, identity
// documents, the audit trail, AI config defaults, preferences and favourites.
import type { Rng } from "./random";
import type { Person } from "./build-people";
import type { WorldRows } from "./world-rows";
import type { NotificationType, RegistrableUserType, SubscriptionPlan, SubscriptionStatus } from "../schema/enums";
import { invoiceNumber } from "../constants/company";
import { PLAN_CURRENCY, PLANS, REFUND_WINDOW_DAYS } from "../constants/plans";
import { AI_SCORE_MAX, AI_SCORE_MIN } from "../constants/limits";
import { AI_CONFIG_DEFAULTS } from "../constants/ai-config";
import { AI_CONFIG_GROUPS } from "../schema/enums";
import { DAY_MS, HOUR_MS, iso } from "./paris-time";
import { parisDateOf } from "../time/paris-time";
import { DOCUMENT_FILE_RETENTION_DAYS, documentKey, recordExpiry } from "../constants/verification";

const compact = (uuid: string) => uuid.replaceAll("-", "");

/** Our invoice numbers follow issue order, as French invoicing requires: VEI-<year>-<sequence>. */
export function numberInvoices(rows: WorldRows): void {
  const ordered = [...rows.invoices].sort(
    (a, b) => a.createdAt!.localeCompare(b.createdAt!) || a.id!.localeCompare(b.id!),
  );
  ordered.forEach((invoice, index) => {
    invoice.sequence = index + 1;
    invoice.number = invoiceNumber(Number(invoice.createdAt!.slice(0, 4)), index + 1);
  });
}

const addMonths = (ms: number, months: number) => {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
};

type SubscriptionChoice = {
  plan: SubscriptionPlan;
  status: SubscriptionStatus;
  cancelAtPeriodEnd?: boolean;
  ended?: boolean;
};

export function randomSubscriptionChoice(rng: Rng): SubscriptionChoice {
  const plan = rng.weighted([
    ["discovery", 45],
    ["standard", 35],
    ["premium", 20],
  ] as const);
  if (plan === "discovery")
    return rng.chance(0.75) ? { plan, status: "trialing" } : { plan, status: "canceled", ended: true };
  return rng.weighted<SubscriptionChoice>([
    [{ plan, status: "active" }, 76],
    [{ plan, status: "active", cancelAtPeriodEnd: true }, 8],
    [{ plan, status: "past_due" }, 8],
    [{ plan, status: "canceled", ended: true }, 5],
    [{ plan, status: "paused" }, 3],
  ]);
}

/** One subscription (and its monthly invoices) per sitter; mirrors it on babysitter_profiles. */
export function addSubscription(
  rows: WorldRows,
  rng: Rng,
  sitter: Person,
  choice: SubscriptionChoice,
  nowMs: number,
  admin: Person,
): void {
  const id = rng.uuid();
  const price = PLANS[choice.plan].priceCents;
  const monthsAgo = choice.plan === "discovery" ? 0 : rng.int(1, 8);
  let startMs =
    choice.plan === "discovery"
      ? nowMs - rng.int(1, 27) * DAY_MS
      : addMonths(nowMs - rng.int(0, 27) * DAY_MS, -monthsAgo);
  if (choice.ended) startMs = addMonths(startMs, -2);
  startMs = Math.max(startMs, sitter.createdAtMs);
  // Roll the billing period forward to the one containing now (or the last one, when ended).
  let periodStart = startMs;
  const lastStart = choice.ended ? addMonths(nowMs, -1) - rng.int(1, 20) * DAY_MS : nowMs;
  const periods: number[] = [periodStart];
  while (addMonths(periodStart, 1) <= lastStart) {
    periodStart = addMonths(periodStart, 1);
    periods.push(periodStart);
  }
  const periodEnd = addMonths(periodStart, 1);
  const card = `•••• ${String(rng.int(1000, 9999))}`;
  // Paid plans are the demo provider's (no Stripe keys on a fresh machine): its customer and ids.
  const customerId = price > 0 ? `demo_cus_${compact(rng.uuid())}` : null;
  if (customerId) rows.billingCustomers.push({ profileId: sitter.profileId, provider: "demo", customerId });
  rows.subscriptions.push({
    id,
    profileId: sitter.profileId,
    plan: choice.plan,
    status: choice.status,
    currentPeriodStart: iso(periodStart),
    currentPeriodEnd: iso(periodEnd),
    cancelAtPeriodEnd: choice.cancelAtPeriodEnd ?? false,
    billingCycle: "monthly",
    amountCents: price,
    currency: PLAN_CURRENCY,
    bookingsIncluded: PLANS[choice.plan].bookingsIncluded,
    paymentMethod: price > 0 ? card : null,
    provider: "demo",
    stripeSubscriptionId: customerId ? `demo_sub_${compact(id)}` : null,
    stripeCustomerId: customerId,
    canceledAt:
      choice.ended || choice.cancelAtPeriodEnd
        ? iso(Math.min(nowMs - HOUR_MS, periodEnd - rng.int(2, 20) * DAY_MS))
        : null,
    createdAt: iso(startMs),
    updatedAt: iso(Math.min(nowMs, periodStart + HOUR_MS)),
  });
  const details = rows.babysitterProfiles.find((b) => b.profileId === sitter.profileId);
  if (details) {
    details.subscriptionPlan = choice.ended || choice.status === "paused" ? "discovery" : choice.plan;
    details.subscriptionExpires = iso(periodEnd);
  }
  if (price === 0) return;
  periods.forEach((ps, i) => {
    const unpaid = choice.status === "past_due" && i === periods.length - 1;
    const invoiceId = rng.uuid();
    rows.invoices.push({
      id: invoiceId,
      profileId: sitter.profileId,
      subscriptionId: id,
      // Numbered once every invoice exists, in issue order (numberInvoices).
      number: `pending-${invoiceId}`,
      stripeInvoiceId: `demo_in_${compact(invoiceId)}`,
      paymentIntentId: unpaid ? null : `demo_pi_${compact(rng.uuid())}`,
      paidAt: unpaid ? null : iso(ps),
      amountPaidCents: unpaid ? 0 : price,
      amountDueCents: price,
      currency: PLAN_CURRENCY,
      status: unpaid ? "open" : "paid",
      periodStart: iso(ps),
      periodEnd: iso(addMonths(ps, 1)),
      // The demo's history: emailed when it was issued, never again.
      notifiedAt: iso(ps),
      createdAt: iso(ps),
    });
    if (choice.ended && i === periods.length - 1 && rng.chance(0.5)) {
      const refundedAt = iso(Math.min(nowMs - HOUR_MS, ps + rng.int(2, 10) * DAY_MS));
      const invoice = rows.invoices[rows.invoices.length - 1];
      invoice.refundedCents = invoice.amountPaidCents;
      invoice.refundedAt = refundedAt;
      rows.refunds.push({
        id: rng.uuid(),
        subscriptionId: id,
        invoiceId,
        amountCents: price,
        currency: PLAN_CURRENCY,
        reason: rng.pick(["customer_request", "service_issue", "billing_error"] as const),
        status: "succeeded",
        note: `Remboursement accordé dans le délai de ${REFUND_WINDOW_DAYS} jours.`,
        createdBy: admin.profileId,
        createdAt: refundedAt,
      });
    }
  });
}

const NOTIFICATION_SAMPLES: Record<RegistrableUserType, readonly (readonly [NotificationType, string, string])[]> = {
  parent: [
    ["booking", "Réservation confirmée", "Votre baby-sitter a accepté votre demande de réservation."],
    ["message", "Nouveau message", "Vous avez reçu un nouveau message."],
    ["booking", "Rappel de réservation", "Votre garde commence demain. Pensez à préparer les consignes."],
    ["review", "Donnez votre avis", "Comment s'est passée votre dernière garde ? Laissez un avis."],
    ["system", "Bienvenue sur Veilleuse", "Complétez votre profil et ajoutez vos enfants pour réserver plus vite."],
  ],
  babysitter: [
    ["booking", "Nouvelle demande de réservation", "Une famille souhaite réserver une garde avec vous."],
    ["message", "Nouveau message", "Vous avez reçu un nouveau message d'une famille."],
    ["review", "Nouvel avis reçu", "Une famille a publié un avis sur votre profil."],
    ["system", "Votre période d'essai", "Il vous reste des réservations incluses dans votre essai Découverte."],
    [
      "system",
      "Vérification d'identité",
      "Vos documents ont été validés : le badge vérifié est affiché sur votre profil.",
    ],
  ],
};

export function addNotifications(rows: WorldRows, rng: Rng, person: Person, count: number, nowMs: number): void {
  const samples = person.userType === "babysitter" ? NOTIFICATION_SAMPLES.babysitter : NOTIFICATION_SAMPLES.parent;
  for (const [type, title, message] of rng.pickSome(samples, count, count)) {
    const ageMs = rng.int(1, 24 * 20) * HOUR_MS;
    rows.notifications.push({
      id: rng.uuid(),
      profileId: person.profileId,
      type,
      title,
      message,
      read: ageMs > 3 * DAY_MS && rng.chance(0.7),
      data: null,
      createdAt: iso(nowMs - ageMs),
    });
  }
}

const FLAG_SAMPLES = [
  [
    "message",
    "Donne-moi ton numéro perso, on règle en liquide hors de la plateforme.",
    "Tentative de paiement hors plateforme",
    "medium",
    0.72,
  ],
  [
    "review",
    "Nul, nul, nul. Cette famille est une honte, je déconseille à tout le monde !!!",
    "Langage injurieux",
    "medium",
    0.66,
  ],
  [
    "profile",
    "Disponible 24h/24, tarifs imbattables, contactez-moi sur WhatsApp au 06…",
    "Coordonnées dans la bio",
    "low",
    0.58,
  ],
  ["photo", "Photo de profil montrant un enfant identifiable", "Photo d'enfant sans consentement", "high", 0.86],
  ["message", "Si tu ne viens pas ce soir je dirai partout que tu es dangereuse.", "Menaces", "critical", 0.94],
  ["review", "La baby-sitter a laissé les enfants seuls pendant une heure.", "Signalement de sécurité", "high", 0.81],
  ["profile", "Je garde vos enfants, paiement uniquement en cartes cadeaux.", "Suspicion d'escroquerie", "high", 0.89],
  ["message", "Bonjour, êtes-vous disponible samedi soir ?", "Signalé par erreur", "low", 0.12],
] as const;

export function addFlaggedContent(
  rows: WorldRows,
  rng: Rng,
  authors: Person[],
  reporters: Person[],
  admin: Person,
  nowMs: number,
): void {
  for (let i = 0; i < 16; i++) {
    const [type, content, reason, severity, score] = FLAG_SAMPLES[i % FLAG_SAMPLES.length];
    const reportedMs = nowMs - rng.int(1, 24 * 30) * HOUR_MS;
    const status = i < 7 ? "pending" : rng.pick(["approved", "rejected", "escalated"] as const);
    rows.flaggedContent.push({
      id: rng.uuid(),
      type,
      profileId: rng.pick(authors).profileId,
      resourceId: null,
      content,
      reason,
      reportedBy: rng.chance(0.6) ? rng.pick(reporters).profileId : null,
      reportedAt: iso(reportedMs),
      status,
      severity,
      aiScore:
        Math.round(Math.min(AI_SCORE_MAX, Math.max(AI_SCORE_MIN, score + (rng.next() - 0.5) * 0.08)) * 100) / 100,
      reviewedBy: status === "pending" ? null : admin.profileId,
      reviewedAt: status === "pending" ? null : iso(Math.min(nowMs - 60_000, reportedMs + rng.int(1, 48) * HOUR_MS)),
    });
    const item = rows.flaggedContent[rows.flaggedContent.length - 1];
    // No reporter: the automatic filter raised it.
    item.source = item.reportedBy ? "report" : "auto";
  }
}

const DOCUMENT_FILES = {
  id_document: ["carte-identite.pdf", "application/pdf"],
  proof_of_address: ["justificatif-domicile.pdf", "application/pdf"],
  criminal_record: ["extrait-casier-judiciaire.pdf", "application/pdf"],
  diploma: ["diplome.pdf", "application/pdf"],
} as const;

/** A demo criminal record was issued this long before it was sent (well within the 3 months allowed). */
const RECORD_ISSUED_BEFORE_UPLOAD_DAYS = 10;

/** Approved documents for verified sitters; a pending batch for the admin review queue. */
export function addIdentityDocuments(
  rows: WorldRows,
  rng: Rng,
  sitter: Person,
  approved: boolean,
  admin: Person,
  nowMs: number,
): void {
  const kinds = [
    "id_document",
    "proof_of_address",
    "criminal_record",
    ...(rng.chance(0.4) ? ["diploma" as const] : []),
  ] as const;
  const uploadedMs = approved
    ? Math.max(sitter.createdAtMs, nowMs - rng.int(20, 200) * DAY_MS)
    : nowMs - rng.int(1, 72) * HOUR_MS;
  for (const kind of kinds) {
    const id = rng.uuid();
    const [fileName, mimeType] = DOCUMENT_FILES[kind];
    const reviewedMs = approved ? uploadedMs + rng.int(2, 48) * HOUR_MS : null;
    const issuedOn =
      kind === "criminal_record" ? parisDateOf(uploadedMs - RECORD_ISSUED_BEFORE_UPLOAD_DAYS * DAY_MS) : null;
    const filesGoneMs = reviewedMs === null ? null : reviewedMs + DOCUMENT_FILE_RETENTION_DAYS * DAY_MS;
    rows.identityDocuments.push({
      id,
      profileId: sitter.profileId,
      kind,
      status: approved ? "approved" : "pending",
      storageKey: documentKey({ profileId: sitter.profileId, id }, "front"),
      fileName,
      mimeType,
      sizeBytes: rng.int(80_000, 2_400_000),
      issuedOn,
      expiresAt: approved && issuedOn ? recordExpiry(issuedOn) : null,
      reviewedBy: approved ? admin.profileId : null,
      reviewedAt: reviewedMs === null ? null : iso(reviewedMs),
      rejectionReason: null,
      // Files go DOCUMENT_FILE_RETENTION_DAYS after the decision (services/verification/verification-sweep.ts).
      filesDeletedAt: filesGoneMs !== null && filesGoneMs <= nowMs ? iso(filesGoneMs) : null,
      createdAt: iso(uploadedMs),
    });
  }
}

/**
 * The demo world's settings: the defaults, but for backgroundCheckRequired, off. While it is on,
 * unverified sitters are out of search and take no booking; a third of the demo's sitters, and
 * everyone who registers to try the app, are unverified. An admin turns it on in the console.
 */
export const DEMO_AI_SETTINGS = {
  security: { ...AI_CONFIG_DEFAULTS.security, backgroundCheckRequired: false },
} as const;
const DEMO_SETTINGS: Partial<Record<(typeof AI_CONFIG_GROUPS)[number], Record<string, number | boolean>>> =
  DEMO_AI_SETTINGS;

export function addAiConfigDefaults(rows: WorldRows, admin: Person, nowMs: number): void {
  for (const group of AI_CONFIG_GROUPS) {
    rows.aiConfig.push({
      group,
      value: { ...AI_CONFIG_DEFAULTS[group], ...DEMO_SETTINGS[group] },
      updatedBy: admin.profileId,
      updatedAt: iso(nowMs - 7 * DAY_MS),
    });
  }
}

export function addPreferences(
  rows: WorldRows,
  person: Person,
  overrides: Partial<(typeof rows.communicationPreferences)[number]> = {},
): void {
  rows.communicationPreferences.push({ userId: person.userId, ...overrides });
}

export function addFavourites(rows: WorldRows, parent: Person, sitters: Person[], nowMs: number, rng: Rng): void {
  for (const sitter of sitters) {
    rows.favourites.push({
      parentProfileId: parent.profileId,
      babysitterProfileId: sitter.profileId,
      createdAt: iso(nowMs - rng.int(1, 120) * DAY_MS),
    });
  }
}
