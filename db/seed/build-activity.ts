// Bookings (no overlapping sittings for a sitter), their conversations and reviews, and the
// profile ratings recomputed from the reviews actually stored.
import type { Rng } from "./random";
import type { Person } from "./build-people";
import type { WorldRows } from "./world-rows";
import type { BookingCanceller, BookingCancelReason, BookingStatus } from "../schema/enums";
import { NEW_SITTER_HOURLY_RATE_CENTS } from "../constants/limits";
import {
  AFTER_SITTING_MESSAGES,
  CONVERSATION_SCRIPTS,
  PARENT_REVIEW_COMMENTS,
  SITTER_REVIEW_COMMENTS,
  SPECIAL_INSTRUCTIONS,
} from "./french-content";
import { DAY_MS, HOUR_MS, iso, parisWallClockToUtc } from "./paris-time";

export type Family = { parent: Person; childIds: string[]; childNames: string[] };

export type BookingPlan = {
  family: Family;
  sitter: Person;
  /** Days from today (Paris); negative = past. Never 0, so no sitting is in progress. */
  dayOffset: number;
  /** Minutes after local midnight. */
  startMinutes: number;
  durationMinutes: number;
  /** 'pending' with a start in the past is stored as what it became: a request expired at its start. */
  status: BookingStatus;
  /** Who ended a 'cancelled' booking and why; drawn from the booking's id when absent. */
  cancel?: CancelStory;
};

export type CancelStory = { by: BookingCanceller; reason: BookingCancelReason };

const PARENT_CANCELLED: CancelStory = { by: "parent", reason: "cancelled" };
const SITTER_DECLINED: CancelStory = { by: "babysitter", reason: "declined" };
const EXPIRED: CancelStory = { by: "system", reason: "expired" };

/**
 * How a cancelled booking ended, as the status machine allows (edge/services/bookings/booking-status.ts):
 * the parent withdrew the request, the sitter declined it, or, once its start has passed, it
 * expired unanswered. Chosen from the id's first hex digit: no draw, so the world stays as it was.
 */
function cancelStoryOf(id: string, started: boolean): CancelStory {
  const stories = started ? [PARENT_CANCELLED, SITTER_DECLINED, EXPIRED] : [PARENT_CANCELLED, SITTER_DECLINED];
  return stories[parseInt(id[0], 16) % stories.length];
}

export type SeededBooking = {
  id: string;
  plan: BookingPlan;
  startMs: number;
  endMs: number;
  createdMs: number;
  childNames: string[];
};

export type ActivityContext = {
  rows: WorldRows;
  rng: Rng;
  nowMs: number;
  todayMs: number;
  busy: Map<string, [number, number][]>;
};

const overlaps = (list: [number, number][] | undefined, start: number, end: number) =>
  (list ?? []).some(([s, e]) => start < e && s < end);

/** Adds the booking unless the sitter or the parent already has a live sitting at that time. */
export function addBooking(ctx: ActivityContext, plan: BookingPlan): SeededBooking | null {
  const { rows, rng, nowMs } = ctx;
  const startMs = parisWallClockToUtc(ctx.todayMs + plan.dayOffset * DAY_MS, plan.startMinutes);
  const endMs = startMs + plan.durationMinutes * 60_000;
  // A request held the sitter's slot until it expired: placement treats it as live either way.
  const live = plan.status !== "cancelled";
  const keys = [plan.sitter.profileId, plan.family.parent.profileId];
  if (live && keys.some((k) => overlaps(ctx.busy.get(k), startMs, endMs))) return null;
  const createdMs = Math.min(nowMs - rng.int(1, 48) * HOUR_MS, startMs - rng.int(1, 14) * DAY_MS);
  // Nobody books before both accounts exist.
  if (createdMs < Math.max(plan.sitter.createdAtMs, plan.family.parent.createdAtMs)) return null;
  if (live) for (const k of keys) ctx.busy.set(k, [...(ctx.busy.get(k) ?? []), [startMs, endMs]]);

  const rate = plan.sitter.hourlyRateCents ?? NEW_SITTER_HOURLY_RATE_CENTS;
  const drawnUpdatedMs =
    plan.status === "completed"
      ? Math.min(nowMs, endMs + rng.int(1, 30) * HOUR_MS)
      : plan.status === "pending"
        ? createdMs
        : Math.min(nowMs, createdMs + rng.int(1, 36) * HOUR_MS);
  // The sitter answered a confirmed or completed booking before it began (no random draw here, so
  // the rest of the world stays as it was before responded_at existed).
  const respondedMs =
    plan.status === "confirmed" || plan.status === "completed"
      ? Math.min(
          startMs,
          plan.status === "confirmed" ? drawnUpdatedMs : createdMs + ((rows.bookings.length % 24) + 1) * HOUR_MS,
        )
      : null;
  const id = rng.uuid();
  const ending = endingOf(plan, id, { startMs, createdMs, nowMs, updatedMs: drawnUpdatedMs });
  const updatedMs = ending?.updatedMs ?? drawnUpdatedMs;
  const answeredMs = ending ? ending.respondedMs : respondedMs === null ? null : Math.max(createdMs, respondedMs);
  const kids = rng.pickSome(
    plan.family.childIds.map((cid, i) => [cid, plan.family.childNames[i]] as const),
    1,
    plan.family.childIds.length,
  );
  rows.bookings.push({
    id,
    parentId: plan.family.parent.profileId,
    babysitterId: plan.sitter.profileId,
    startTime: iso(startMs),
    endTime: iso(endMs),
    hourlyRateCents: rate,
    totalAmountCents: Math.round((rate * plan.durationMinutes) / 60),
    specialInstructions: rng.pick(SPECIAL_INSTRUCTIONS),
    status: ending ? "cancelled" : plan.status,
    cancelledBy: ending?.story.by ?? null,
    cancelReason: ending?.story.reason ?? null,
    respondedAt: answeredMs === null ? null : iso(answeredMs),
    createdAt: iso(createdMs),
    updatedAt: iso(Math.max(createdMs, updatedMs)),
  });
  for (const [childId] of kids) rows.bookingChildren.push({ bookingId: id, childId });
  return { id, plan, startMs, endMs, createdMs, childNames: kids.map(([, name]) => name) };
}

type Ending = { story: CancelStory; updatedMs: number; respondedMs: number | null };

/**
 * The end of a booking that did not happen: a cancelled one's story, or a request whose start has
 * passed, which expired then (the cron runs every 15 minutes). A withdrawal or a refusal comes
 * before the start; only a refusal is the sitter's answer (responded_at). Null: it lives on.
 */
function endingOf(
  plan: BookingPlan,
  id: string,
  at: { startMs: number; createdMs: number; nowMs: number; updatedMs: number },
): Ending | null {
  const started = at.startMs <= at.nowMs;
  if (plan.status === "pending" && !started) return null;
  if (plan.status !== "pending" && plan.status !== "cancelled") return null;
  const story = plan.status === "pending" ? EXPIRED : (plan.cancel ?? cancelStoryOf(id, started));
  if (story.reason === "expired") {
    const minutes = (parseInt(id.slice(1, 3), 16) % 14) + 1;
    return { story, updatedMs: Math.min(at.nowMs, at.startMs + minutes * 60_000), respondedMs: null };
  }
  const beforeStart = Math.max(at.createdMs, Math.min(at.updatedMs, at.startMs - 30 * 60_000));
  return { story, updatedMs: beforeStart, respondedMs: story.reason === "declined" ? beforeStart : null };
}

/** A typical sitting: after school, evening, or a weekend slot, 2 to 5 hours. */
export function randomSlot(rng: Rng): { startMinutes: number; durationMinutes: number } {
  const kind = rng.weighted([
    ["school", 3],
    ["evening", 5],
    ["day", 2],
  ] as const);
  if (kind === "school") return { startMinutes: 16 * 60 + 30, durationMinutes: rng.pick([150, 180, 210]) };
  if (kind === "evening")
    return {
      startMinutes: rng.pick([18 * 60, 18 * 60 + 30, 19 * 60, 19 * 60 + 30]),
      durationMinutes: rng.pick([180, 210, 240, 270, 300]),
    };
  return { startMinutes: rng.pick([9 * 60, 10 * 60, 14 * 60]), durationMinutes: rng.pick([120, 180, 240]) };
}

export function randomStatus(rng: Rng, past: boolean): BookingStatus {
  return past
    ? rng.weighted([
        ["completed", 76],
        ["cancelled", 12],
        ["confirmed", 8],
        ["pending", 4],
      ] as const)
    : rng.weighted([
        ["pending", 40],
        ["confirmed", 45],
        ["cancelled", 15],
      ] as const);
}

const DAY_LABEL = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  weekday: "long",
  day: "numeric",
  month: "long",
});

export type MessageDraft = {
  fromProfileId: string;
  toProfileId: string;
  content: string;
  atMs: number;
  unread?: boolean;
};

/** One conversation per parent-sitter pair, opened before their first booking, plus thank-you notes. */
export function buildConversations(
  ctx: ActivityContext,
  bookings: SeededBooking[],
  forceUnread: Set<string>,
  extras: MessageDraft[] = [],
): void {
  const { rng, nowMs } = ctx;
  const byPair = new Map<string, SeededBooking[]>();
  for (const b of bookings) {
    const key = `${b.plan.family.parent.profileId}|${b.plan.sitter.profileId}`;
    byPair.set(key, [...(byPair.get(key) ?? []), b]);
  }
  const drafts: MessageDraft[][] = [];
  for (const [key, list] of byPair) {
    list.sort((a, b) => a.startMs - b.startMs);
    const first = list[0];
    const parentId = first.plan.family.parent.profileId;
    const sitterId = first.plan.sitter.profileId;
    const speaker = (who: "parent" | "sitter") => (who === "parent" ? [parentId, sitterId] : [sitterId, parentId]);
    const fill = (text: string, b: SeededBooking) =>
      text.replace("{child}", b.childNames[0] ?? "notre enfant").replace("{day}", DAY_LABEL.format(b.startMs));
    const conversation: MessageDraft[] = [];
    let at = first.createdMs - rng.int(2, 20) * HOUR_MS;
    for (const [who, text] of rng.pick(CONVERSATION_SCRIPTS)) {
      const [from, to] = speaker(who);
      conversation.push({ fromProfileId: from, toProfileId: to, content: fill(text, first), atMs: at });
      at += rng.int(3, 120) * 60_000;
    }
    for (const b of list.slice(1)) {
      if (!rng.chance(0.5)) continue;
      const [from, to] = speaker("parent");
      conversation.push({
        fromProfileId: from,
        toProfileId: to,
        content: fill("Bonjour ! Seriez-vous disponible {day} ?", b),
        atMs: b.createdMs - rng.int(1, 10) * HOUR_MS,
      });
    }
    for (const b of list.filter((x) => x.plan.status === "completed" && rng.chance(0.35))) {
      const [who, text] = rng.pick(AFTER_SITTING_MESSAGES);
      const [from, to] = speaker(who);
      conversation.push({
        fromProfileId: from,
        toProfileId: to,
        content: fill(text, b),
        atMs: b.endMs + rng.int(8, 20) * HOUR_MS,
      });
    }
    const kept = conversation.filter((m) => m.atMs < nowMs - 60_000).sort((a, b) => a.atMs - b.atMs);
    if (kept.length > 0)
      drafts.push(
        markUnread(kept, forceUnread.has(key) || (kept[kept.length - 1].atMs > nowMs - 10 * DAY_MS && rng.chance(0.5))),
      );
  }
  // Ids are assigned by AUTOINCREMENT in insert order: insert chronologically so id order is time order.
  const all = [...drafts.flat(), ...extras].sort((a, b) => a.atMs - b.atMs);
  // Replying means having opened the conversation: a reply marks what the replier received as read.
  const unreadByPair = new Map<string, (typeof ctx.rows.messages)[number][]>();
  const conversationIds = new Map<string, string>();
  for (const m of all) {
    const conversationId = conversationOf(ctx, conversationIds, m);
    for (const received of unreadByPair.get(`${m.toProfileId}|${m.fromProfileId}`) ?? []) received.read = true;
    unreadByPair.delete(`${m.toProfileId}|${m.fromProfileId}`);
    const row = {
      conversationId,
      senderId: m.fromProfileId,
      recipientId: m.toProfileId,
      content: m.content,
      read: !m.unread,
      createdAt: iso(m.atMs),
    };
    ctx.rows.messages.push(row);
    if (m.unread)
      unreadByPair.set(`${m.fromProfileId}|${m.toProfileId}`, [
        ...(unreadByPair.get(`${m.fromProfileId}|${m.toProfileId}`) ?? []),
        row,
      ]);
  }
}

/**
 * The pair's conversation, added (dated from its first message) when the pair first speaks. Its id
 * is derived from the two profile ids rather than drawn, so the rest of the world stays as it was.
 */
function conversationOf(ctx: ActivityContext, ids: Map<string, string>, m: MessageDraft): string {
  const [a, b] = [m.fromProfileId, m.toProfileId].sort();
  const key = `${a}|${b}`;
  const known = ids.get(key);
  if (known) return known;
  const id = pairUuid(a, b);
  ids.set(key, id);
  ctx.rows.conversations.push({ id, participantA: a, participantB: b, createdAt: iso(m.atMs) });
  return id;
}

/** A UUID-shaped id from two UUIDs (hex digits XOR-ed): stable for a pair, distinct across pairs. */
function pairUuid(a: string, b: string): string {
  const hex = (id: string) => id.replace(/-/g, "");
  const [x, y] = [hex(a), hex(b)];
  const mixed = [...x].map((digit, i) => (parseInt(digit, 16) ^ parseInt(y[i], 16)).toString(16)).join("");
  return `${mixed.slice(0, 8)}-${mixed.slice(8, 12)}-${mixed.slice(12, 16)}-${mixed.slice(16, 20)}-${mixed.slice(20, 32)}`;
}

/** Opening a conversation reads everything: only the trailing run from the last sender can be unread. */
function markUnread(conversation: MessageDraft[], leaveTailUnread: boolean): MessageDraft[] {
  if (!leaveTailUnread) return conversation;
  const lastSender = conversation[conversation.length - 1].fromProfileId;
  for (let i = conversation.length - 1; i >= 0 && conversation[i].fromProfileId === lastSender; i--)
    conversation[i].unread = true;
  return conversation;
}

/** Reviews on completed bookings, both directions; returns nothing, ratings come after. */
export function buildReviews(
  ctx: ActivityContext,
  bookings: SeededBooking[],
  forced: Map<string, { parent?: boolean; sitter?: boolean }>,
): void {
  const { rng, nowMs, rows } = ctx;
  const shownReviewers = new Set<string>();
  const ratingOf = () =>
    rng.weighted([
      [5, 55],
      [4, 30],
      [3, 10],
      [2, 3],
      [1, 2],
    ] as const);
  for (const b of bookings) {
    if (b.plan.status !== "completed") continue;
    const force = forced.get(b.id);
    const parentReviews = force ? Boolean(force.parent) : rng.chance(0.72);
    const sitterReviews = force ? Boolean(force.sitter) : rng.chance(0.45);
    const write = (reviewer: Person, reviewed: Person, comment: (rating: number) => string) => {
      const atMs = Math.min(nowMs - 60_000, b.endMs + rng.int(2, 72) * HOUR_MS);
      if (atMs <= b.endMs) return;
      const rating = ratingOf();
      const id = rng.uuid();
      const text = comment(rating);
      // A profile shows each reviewer once: no second review by the same person, nor by someone
      // whose name reads the same ('Anna L.'). The draws above are taken anyway, so the rest of the
      // world stays as it was.
      const shownAs = `${reviewed.profileId}|${reviewer.firstName} ${reviewer.lastName.charAt(0)}`;
      if (shownReviewers.has(shownAs)) return;
      shownReviewers.add(shownAs);
      rows.reviews.push({
        id,
        bookingId: b.id,
        reviewerId: reviewer.profileId,
        reviewedId: reviewed.profileId,
        rating,
        comment: text,
        createdAt: iso(atMs),
      });
    };
    const sitter = b.plan.sitter;
    const aboutSitter = (rating: number) =>
      rng.pick(PARENT_REVIEW_COMMENTS[rating])[sitter.gender === "female" ? 0 : 1];
    if (parentReviews) write(b.plan.family.parent, sitter, aboutSitter);
    if (sitterReviews) write(sitter, b.plan.family.parent, (rating) => rng.pick(SITTER_REVIEW_COMMENTS[rating]));
  }
}

/** profiles.rating (2 decimals) and total_reviews, from the stored reviews only. */
export function applyRatings(rows: WorldRows): void {
  const totals = new Map<string, { sum: number; count: number }>();
  for (const r of rows.reviews) {
    const t = totals.get(r.reviewedId) ?? { sum: 0, count: 0 };
    t.sum += r.rating;
    t.count += 1;
    totals.set(r.reviewedId, t);
  }
  for (const p of rows.profiles) {
    const t = totals.get(p.id!);
    p.rating = t ? Math.round((t.sum / t.count) * 100) / 100 : 0;
    p.totalReviews = t?.count ?? 0;
  }
}
