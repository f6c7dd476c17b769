// Messaging (/messages): conversations between a parent and a babysitter, computed on the server;
// threads paged by message id; sends that are idempotent on the tab's client id; reads that mark
// what the partner sent. libSQL is the source of truth: the realtime fan-out (edge/realtime) only
// tells open tabs what these functions wrote.
//
// Who may write to whom (our rules): one
// parent and one babysitter. A parent may start with any babysitter they can see (not hidden, or
// one they booked); a babysitter may only write first to a parent who asked her for a booking, so
// sitters cannot canvass families. Once a conversation exists, either side writes freely, until one
// of the two accounts is gone (account-state.ts): then nothing more is sent to it (410), and it
// cannot be found to start a conversation with (404, or 410 for the one who already wrote to it).
import { and, asc, count, desc, eq, getTableColumns, gt, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@db/client";
import { MESSAGES_SYNC_BATCH } from "@db/constants/limits";
import { bookings } from "@db/schema/bookings";
import { conversations, messages } from "@db/schema/messages";
import { profiles } from "@db/schema/profiles";
import type { UserType } from "@db/schema/enums";
import { matchesAllWords } from "@db/text/fold";
import type {
  ConversationSummary,
  ConversationsPage,
  ConversationsQuery,
  Message,
  ReadReceipt,
  ThreadPage,
  Unread,
  Updates,
} from "@db/validators/messages";
import { ApiError } from "../../lib/errors";
import { accountGone, liveProfile, liveProfileId } from "../account-state";
import { personColumns } from "../profiles/profiles";
import { liveSessionQuery } from "../account/sessions";
import { consume, countQueries, giveBack, throwIfOver } from "../limits/rate-limit";

type Me = { id: string; userType: UserType };
type ConversationRow = typeof conversations.$inferSelect;

export const conversationNotFound = () => new ApiError(404, "CONVERSATION_NOT_FOUND", "messages.conversationNotFound");
const userNotFound = () => new ApiError(404, "USER_NOT_FOUND", "messages.userNotFound");

const pairOf = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);
const partnerOf = (conversation: ConversationRow, meId: string) =>
  conversation.participantA === meId ? conversation.participantB : conversation.participantA;
/** The same, in SQL over `conversations`. */
const partnerIdSql = (meId: string) =>
  sql<string>`CASE WHEN ${conversations.participantA} = ${meId} THEN ${conversations.participantB} ELSE ${conversations.participantA} END`;
const involves = (profileId: string) =>
  or(eq(conversations.participantA, profileId), eq(conversations.participantB, profileId));

/** SQLite's partial index messages_unread_idx is used only when the query says `read = 0` literally. */
const UNREAD = sql`${messages.read} = 0`;

export function toMessage(row: typeof messages.$inferSelect): Message {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    sender_id: row.senderId,
    recipient_id: row.recipientId,
    // A removed message's words stay for the team (flagged_content keeps its copy), never for the thread.
    content: row.removedAt ? "" : row.content,
    read: row.read,
    created_at: row.createdAt,
    client_id: row.clientId,
    removed: row.removedAt !== null,
  };
}

/** The conversation, when `meId` is one of its two participants; otherwise a 404 that leaks nothing. */
export async function participantConversation(db: Db, meId: string, conversationId: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), involves(meId)));
  if (!row) throw conversationNotFound();
  return row;
}

// ---------------------------------------------------------------------------------------------
// The inbox

type SummaryRow = {
  id: string;
  lastActivityAt: string;
  partner: ConversationSummary["partner"];
  unread: number;
  message: typeof messages.$inferSelect | null;
};

/** The cursor of a page's last conversation: its activity time and id (the list's order). */
const cursorOf = (row: Pick<SummaryRow, "lastActivityAt" | "id">) => `${row.lastActivityAt}|${row.id}`;

function parseCursor(cursor: string): { at: string; id: string } {
  const [at, id, extra] = cursor.split("|");
  if (!at || !id || extra !== undefined || Number.isNaN(Date.parse(at)))
    throw new ApiError(400, "INVALID_CURSOR", "validation.formatInvalid");
  return { at, id };
}

async function summaryRows(db: Db, meId: string, where: SQL | undefined, limit?: number): Promise<SummaryRow[]> {
  const partnerId = partnerIdSql(meId);
  const unread = sql<number>`(SELECT count(*) FROM ${messages} u WHERE u.recipient_id = ${meId} AND u.conversation_id = ${conversations.id} AND u.read = 0)`;
  const query = db
    .select({
      id: conversations.id,
      lastActivityAt: conversations.lastActivityAt,
      partner: personColumns,
      unread,
      message: messages,
    })
    .from(conversations)
    .innerJoin(profiles, eq(profiles.id, partnerId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(and(involves(meId), where))
    .orderBy(desc(conversations.lastActivityAt), desc(conversations.id));
  return limit === undefined ? query : query.limit(limit);
}

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    partner: row.partner,
    last_message: row.message ? toMessage(row.message) : null,
    unread_count: Number(row.unread),
    last_activity_at: row.lastActivityAt,
  };
}

/**
 * The caller's conversations, newest activity first, a page at a time. The name filter folds accents
 * in code (SQLite's lower() knows no accents), over the caller's conversations only.
 */
export async function listConversations(db: Db, meId: string, query: ConversationsQuery): Promise<ConversationsPage> {
  const after = query.cursor ? parseCursor(query.cursor) : null;
  const beforeCursor = after
    ? or(
        lt(conversations.lastActivityAt, after.at),
        and(eq(conversations.lastActivityAt, after.at), lt(conversations.id, after.id)),
      )
    : undefined;
  const filter = query.q ?? "";
  const rows = filter
    ? (await summaryRows(db, meId, beforeCursor)).filter((row) =>
        matchesAllWords(filter, `${row.partner.first_name} ${row.partner.last_name}`),
      )
    : await summaryRows(db, meId, beforeCursor, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    conversations: page.map(toSummary),
    next_cursor: rows.length > query.limit ? cursorOf(page[page.length - 1]) : null,
  };
}

export async function conversationSummary(db: Db, meId: string, conversationId: string): Promise<ConversationSummary> {
  const [row] = await summaryRows(db, meId, eq(conversations.id, conversationId));
  if (!row) throw conversationNotFound();
  return toSummary(row);
}

// ---------------------------------------------------------------------------------------------
// Starting a conversation

async function haveBooking(db: Db, parentId: string, babysitterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.parentId, parentId), eq(bookings.babysitterId, babysitterId)))
    .limit(1);
  return Boolean(row);
}

/** Throws unless `me` may open a conversation with `partner` (see the rules at the top). */
async function ensureMayStart(db: Db, me: Me, partner: typeof profiles.$inferSelect): Promise<void> {
  const types = new Set([me.userType, partner.userType]);
  if (!(types.has("parent") && types.has("babysitter")))
    throw new ApiError(403, "CONVERSATION_NOT_ALLOWED", "messages.pairNotAllowed");
  if (me.userType === "parent") {
    // A hidden sitter is unknown to parents who never booked her (as on her public page).
    if (partner.profileVisibility === "hidden" && !(await haveBooking(db, me.id, partner.id))) throw userNotFound();
    return;
  }
  if (!(await haveBooking(db, partner.id, me.id)))
    throw new ApiError(403, "PARENT_NOT_MET", "messages.sitterNeedsBooking");
}

/** Opens the pair's conversation, creating it the first time (`created`). Idempotent, race-safe. */
export async function startConversation(
  db: Db,
  me: Me,
  partnerId: string,
): Promise<{ conversation: ConversationSummary; created: boolean }> {
  if (partnerId === me.id) throw new ApiError(400, "SELF_CONVERSATION", "messages.cannotMessageSelf");
  const [partner] = await db
    .select({ ...getTableColumns(profiles), live: liveProfile().mapWith(Boolean) })
    .from(profiles)
    .where(eq(profiles.id, partnerId));
  if (!partner) throw userNotFound();
  const [a, b] = pairOf(me.id, partner.id);
  const pair = and(eq(conversations.participantA, a), eq(conversations.participantB, b));
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(pair);
  // A gone account: unknown to whoever never wrote to it, 'deleted' to whoever did.
  if (!partner.live) throw existing ? accountGone() : userNotFound();
  if (existing) return { conversation: await conversationSummary(db, me.id, existing.id), created: false };
  await ensureMayStart(db, me, partner);
  await consume(db, [{ name: "conversationStartPerUser", subject: me.id }]);
  const inserted = await db
    .insert(conversations)
    .values({ participantA: a, participantB: b })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  const [row] =
    inserted.length > 0 ? inserted : await db.select({ id: conversations.id }).from(conversations).where(pair);
  return { conversation: await conversationSummary(db, me.id, row.id), created: inserted.length > 0 };
}

// ---------------------------------------------------------------------------------------------
// Threads, sends and reads

export async function threadPage(
  db: Db,
  conversationId: string,
  page: { before?: number; limit: number },
): Promise<ThreadPage> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        page.before === undefined ? undefined : lt(messages.id, page.before),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(page.limit + 1);
  return { messages: rows.slice(0, page.limit).reverse().map(toMessage), has_more: rows.length > page.limit };
}

const byClientId = (db: Db, senderId: string, clientId: string) =>
  db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));

/** A client id reused for another conversation is a client bug, not a repeat: refuse it. */
function sameConversation(row: typeof messages.$inferSelect, conversationId: string): Message {
  if (row.conversationId !== conversationId) throw new ApiError(409, "CLIENT_ID_REUSED", "messages.clientIdReused");
  return toMessage(row);
}

/**
 * Stores the message once per client id: a retry of a send whose answer was lost gets the stored
 * message back (`created` false) without counting against the limit or being pushed again.
 * Two round trips to the database, each a batch: the reads (participant, repeat) with the send's
 * count (counted first: sends arriving together cannot all pass a check made before any is
 * counted), then the insert. A repeat gives its count back.
 */
export async function sendMessage(
  db: Db,
  meId: string,
  conversationId: string,
  input: { content: string; clientId: string },
): Promise<{ message: Message; created: boolean }> {
  const limit = { name: "messageSendPerUser" as const, subject: meId };
  const now = Date.now();
  // The count leads the batch: a transaction that writes first takes the write lock at once, where
  // one that read first could meet another writer's commit when it came to write (SQLITE_BUSY).
  const [counted, [conversation], [repeated]] = await db.batch([
    countQueries(db, [limit], now)[0],
    db
      .select({ ...getTableColumns(conversations), partnerLive: liveProfileId(partnerIdSql(meId)).mapWith(Boolean) })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), involves(meId))),
    byClientId(db, meId, input.clientId),
  ]);
  if (!conversation || repeated || !conversation.partnerLive) await giveBack(db, limit);
  if (!conversation) throw conversationNotFound();
  if (repeated) return { message: sameConversation(repeated, conversationId), created: false };
  if (!conversation.partnerLive) throw accountGone();
  throwIfOver([limit], [counted], now);
  const [row] = await db
    .insert(messages)
    .values({
      conversationId,
      senderId: meId,
      recipientId: partnerOf(conversation, meId),
      content: input.content,
      clientId: input.clientId,
    })
    .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
    .returning();
  if (row) return { message: toMessage(row), created: true };
  // The same client id raced in from another request: answer the stored one.
  const [stored] = await byClientId(db, meId, input.clientId);
  return { message: sameConversation(stored, conversationId), created: false };
}

/** Marks every unread message from the partner to `meId` read (opening the conversation). */
export async function markConversationRead(db: Db, meId: string, conversationId: string): Promise<ReadReceipt> {
  const rows = await db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.recipientId, meId), UNREAD))
    .returning({ id: messages.id });
  const upTo = rows.length > 0 ? Math.max(...rows.map((row) => row.id)) : null;
  return { conversation_id: conversationId, reader_id: meId, up_to_id: upTo };
}

// ---------------------------------------------------------------------------------------------
// The badge and the catch-up (polling, and the socket's sync)

/** Messages to `profileId` not read yet (the badge; the dashboard's figure batches the same query). */
export const unreadCountQuery = (db: Db, profileId: string) =>
  db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.recipientId, profileId), UNREAD));

export async function unreadSummary(db: Db, meId: string): Promise<Unread> {
  const [[unread], [latest]] = await db.batch([
    unreadCountQuery(db, meId),
    db
      .select({ id: sql<number | null>`max(${conversations.lastMessageId})` })
      .from(conversations)
      .where(involves(meId)),
  ]);
  return { unread: Number(unread.n), latest_id: Number(latest.id ?? 0) };
}

const messagesSinceQuery = (db: Db, meId: string, afterId: number, limit: number) =>
  db
    .select()
    .from(messages)
    .where(and(or(eq(messages.senderId, meId), eq(messages.recipientId, meId)), gt(messages.id, afterId)))
    .orderBy(asc(messages.id))
    .limit(limit + 1);

const toUpdates = (rows: (typeof messages.$inferSelect)[], limit: number): Updates => ({
  messages: rows.slice(0, limit).map(toMessage),
  has_more: rows.length > limit,
});

/** Messages of any of the caller's conversations after `afterId`, oldest first, in batches. */
export async function messagesSince(
  db: Db,
  meId: string,
  afterId: number,
  limit = MESSAGES_SYNC_BATCH,
): Promise<Updates> {
  return toUpdates(await messagesSinceQuery(db, meId, afterId, limit), limit);
}

/**
 * A realtime socket's sync: messagesSince, only while the socket's session is live (sessions.ts),
 * both read in one round trip (one batch); null when the session is over.
 */
export async function messagesSinceForSession(
  db: Db,
  socket: { profileId: string; sessionId: string },
  afterId: number,
  limit = MESSAGES_SYNC_BATCH,
): Promise<Updates | null> {
  const [live, rows] = await db.batch([
    liveSessionQuery(db, socket.sessionId),
    messagesSinceQuery(db, socket.profileId, afterId, limit),
  ]);
  return live.length > 0 ? toUpdates(rows, limit) : null;
}
