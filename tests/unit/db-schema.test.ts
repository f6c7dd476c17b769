// The schema on a real libSQL file: migrations apply, CHECK constraints, foreign keys and
// uniqueness refuse bad rows, cascades clean owned rows. The limits are read from
// db/constants/limits.ts: a limit changed without a new migration fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InValue } from "@libsql/client";
import * as LIMITS from "../../db/constants/limits";
import { BOOKING_STATUSES, USER_TYPES } from "../../db/schema/enums";
import { runMigrations } from "../../scripts/migrate";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
const exec = (sql: string, args: InValue[] = []) => temp.client.execute({ sql, args });

async function addUser(id: string, userType = "parent"): Promise<string> {
  const t = Date.now();
  await exec("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)", [
    id,
    `User ${id}`,
    `${id}@test.fr`,
    t,
    t,
  ]);
  const profileId = `p-${id}`;
  await exec(
    "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email) VALUES (?, ?, ?, 'Test', 'User', ?)",
    [profileId, id, userType, `${id}@test.fr`],
  );
  return profileId;
}

let bookedDays = 0;

/** Each booking on a day of its own: a sitter's live bookings may not overlap (the overlap triggers). */
/** The pair's conversation (participants in id order, as the table requires). */
const openConversation = (id: string, x: string, y: string) =>
  exec("INSERT INTO conversations (id, participant_a, participant_b) VALUES (?, min(?, ?), max(?, ?))", [
    id,
    x,
    y,
    x,
    y,
  ]);

async function addBooking(id: string, parent: string, sitter: string, status = "completed"): Promise<void> {
  const day = new Date(Date.UTC(2026, 0, 10 + bookedDays++)).toISOString().slice(0, 10);
  await exec(
    "INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status) VALUES (?, ?, ?, ?, ?, 1500, 4500, ?)",
    [id, parent, sitter, `${day}T17:00:00.000Z`, `${day}T20:00:00.000Z`, status],
  );
}

let parent: string;
let sitter: string;

beforeAll(async () => {
  temp = await createTempDb("schema");
  parent = await addUser("parent1");
  sitter = await addUser("sitter1", "babysitter");
  await exec("INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents) VALUES (?, 1500)", [sitter]);
  await addBooking("b1", parent, sitter);
});

afterAll(() => temp.cleanup());

describe("migrations", () => {
  it("create every table on an empty file", async () => {
    const { rows } = await exec("SELECT name FROM sqlite_master WHERE type = 'table'");
    const names = rows.map((r) => String(r.name));
    for (const table of [
      "user",
      "session",
      "account",
      "verification",
      "rate_limit",
      "login_throttle",
      "profiles",
      "babysitter_profiles",
      "children",
      "bookings",
      "booking_children",
      "conversations",
      "messages",
      "reviews",
      "communication_preferences",
      "subscriptions",
      "invoices",
      "refunds",
      "stripe_events",
      "notifications",
      "outbox",
      "favourites",
      "flagged_content",
      "audit_events",
      "ai_config",
      "identity_documents",
      "cities",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("are idempotent (a second run changes nothing)", async () => {
    const before = await exec("SELECT count(*) AS n FROM __drizzle_migrations");
    await runMigrations({ url: temp.url });
    const after = await exec("SELECT count(*) AS n FROM __drizzle_migrations");
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it("default domain times to ISO-8601 UTC", async () => {
    const { rows } = await exec("SELECT created_at FROM profiles WHERE id = ?", [parent]);
    expect(String(rows[0].created_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });
});

describe("CHECK constraints", () => {
  const refused = (sql: string, args: InValue[] = []) =>
    expect(exec(sql, args)).rejects.toThrow(/CHECK constraint failed/);

  it("accept every user type of the enum and refuse any other", async () => {
    for (const userType of USER_TYPES) await addUser(`user-${userType}`, userType);
    const t = Date.now();
    await exec(
      "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES ('nanny1', 'A', 'a@a.fr', 1, ?, ?)",
      [t, t],
    );
    await refused(
      "INSERT INTO profiles (user_id, id, user_type, first_name, last_name, email) VALUES ('nanny1', 'pa', 'nanny', 'A', 'B', 'a@a.fr')",
    );
  });

  it("accept every booking status of the enum; refuse any other, end before start, negative totals", async () => {
    for (const status of BOOKING_STATUSES) await addBooking(`b-${status}`, parent, sitter, status);
    await expect(addBooking("b-bad", parent, sitter, "accepted")).rejects.toThrow(/CHECK constraint failed/);
    await refused(
      "INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents) VALUES ('b2', ?, ?, '2026-01-10T20:00:00.000Z', '2026-01-10T17:00:00.000Z', 1500, 0)",
      [parent, sitter],
    );
    await refused("UPDATE bookings SET total_amount_cents = -1 WHERE id = 'b1'");
  });

  it("refuse negative counts and experience, and an unknown plan", async () => {
    await refused("UPDATE profiles SET total_reviews = -1 WHERE id = ?", [parent]);
    await refused("UPDATE babysitter_profiles SET experience_years = -1 WHERE profile_id = ?", [sitter]);
    await refused("UPDATE babysitter_profiles SET subscription_plan = 'gold' WHERE profile_id = ?", [sitter]);
  });

  it("refuse unknown values in the operations tables", async () => {
    await refused(
      "INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end) VALUES ('s1', ?, 'gold', 'active', '2026-01-01', '2026-02-01')",
      [sitter],
    );
    await refused(
      "INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end) VALUES ('s2', ?, 'premium', 'expired', '2026-01-01', '2026-02-01')",
      [sitter],
    );
    await exec(
      "INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end, amount_cents) VALUES ('s3', ?, 'premium', 'active', '2026-01-01', '2026-02-01', 3900)",
      [sitter],
    );
    await refused("INSERT INTO refunds (id, subscription_id, amount_cents, reason) VALUES ('rf0', 's3', 0, 'fraud')");
    await refused("INSERT INTO refunds (id, subscription_id, amount_cents, reason) VALUES ('rf1', 's3', 100, 'bored')");
    await refused(
      "INSERT INTO notifications (id, profile_id, type, title, message) VALUES ('n1', ?, 'promo', 'T', 'M')",
      [parent],
    );
    await refused("INSERT INTO outbox (id, channel, recipient, body) VALUES ('o1', 'fax', 'x', 'b')");
    await refused(
      "INSERT INTO flagged_content (id, type, profile_id, content, reason, severity) VALUES ('f2', 'message', ?, 'c', 'r', 'extreme')",
      [parent],
    );
    await refused("INSERT INTO audit_events (id, action, resource, status) VALUES ('a1', 'x.y', 'r', 'ok')");
    await refused("INSERT INTO ai_config (\"group\", value) VALUES ('pricing', '{}')");
    await refused(
      "INSERT INTO identity_documents (id, profile_id, kind, storage_key, file_name, mime_type, size_bytes) VALUES ('d1', ?, 'passport', 'k', 'f', 'application/pdf', 10)",
      [sitter],
    );
  });
});

describe("CHECK constraints at the limits of db/constants/limits.ts", () => {
  const text = (length: number) => "x".repeat(length);
  let messageId: InValue;

  beforeAll(async () => {
    await exec("INSERT INTO children (id, parent_id, name, age) VALUES ('c-limits', ?, 'Léo', 4)", [parent]);
    await addBooking("b-limits", parent, sitter);
    await exec(
      "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES ('r-limits', 'b-limits', ?, ?, 5, ?)",
      [parent, sitter, text(40)],
    );
    await openConversation("conv-limits", parent, sitter);
    messageId = (
      await exec(
        "INSERT INTO messages (conversation_id, sender_id, recipient_id, content) VALUES ('conv-limits', ?, ?, 'Bonjour') RETURNING id",
        [parent, sitter],
      )
    ).rows[0].id;
    await exec(
      "INSERT INTO flagged_content (id, type, profile_id, content, reason, severity) VALUES ('f-limits', 'message', ?, 'c', 'r', 'low')",
      [parent],
    );
    await exec(
      "INSERT INTO cities (id, insee_code, name, name_folded, department, latitude, longitude) VALUES ('city-limits', '99999', 'Limiteville', 'limiteville', '29', 48.39, -4.49)",
    );
  });

  type Bound = { what: string; update: string; limit: InValue; past: InValue };
  /** Both ends of a range: each accepted, one step beyond refused. */
  const range = (what: string, update: string, min: number, max: number, step = 1): Bound[] => [
    { what: `${what}, lowest`, update, limit: min, past: min - step },
    { what: `${what}, highest`, update, limit: max, past: max + step },
  ];
  /** The longest text accepted; one more character refused. */
  const longest = (what: string, update: string, max: number): Bound => ({
    what,
    update,
    limit: text(max),
    past: text(max + 1),
  });

  // Each `update` sets one column of one existing row.
  const bounds: Bound[] = [
    ...range(
      "profile rating",
      "UPDATE profiles SET rating = ? WHERE id = 'p-parent1'",
      LIMITS.PROFILE_RATING_MIN,
      LIMITS.PROFILE_RATING_MAX,
      0.1,
    ),
    longest("profile bio", "UPDATE profiles SET bio = ? WHERE id = 'p-parent1'", LIMITS.BIO_MAX_LENGTH),
    longest(
      "booking special instructions",
      "UPDATE bookings SET special_instructions = ? WHERE id = 'b-limits'",
      LIMITS.SPECIAL_INSTRUCTIONS_MAX_LENGTH,
    ),
    ...range(
      "profile latitude",
      "UPDATE profiles SET latitude = ? WHERE id = 'p-parent1'",
      LIMITS.LATITUDE_MIN,
      LIMITS.LATITUDE_MAX,
    ),
    ...range(
      "profile longitude",
      "UPDATE profiles SET longitude = ? WHERE id = 'p-parent1'",
      LIMITS.LONGITUDE_MIN,
      LIMITS.LONGITUDE_MAX,
    ),
    ...range(
      "sitter hourly rate",
      "UPDATE babysitter_profiles SET hourly_rate_cents = ? WHERE profile_id = 'p-sitter1'",
      LIMITS.HOURLY_RATE_MIN_CENTS,
      LIMITS.HOURLY_RATE_MAX_CENTS,
    ),
    ...range(
      "booking hourly rate",
      "UPDATE bookings SET hourly_rate_cents = ? WHERE id = 'b-limits'",
      LIMITS.HOURLY_RATE_MIN_CENTS,
      LIMITS.HOURLY_RATE_MAX_CENTS,
    ),
    ...range(
      "child age",
      "UPDATE children SET age = ? WHERE id = 'c-limits'",
      LIMITS.CHILD_AGE_MIN,
      LIMITS.CHILD_AGE_MAX,
    ),
    longest(
      "child special needs",
      "UPDATE children SET special_needs = ? WHERE id = 'c-limits'",
      LIMITS.CHILD_NOTE_MAX_LENGTH,
    ),
    longest("child allergies", "UPDATE children SET allergies = ? WHERE id = 'c-limits'", LIMITS.CHILD_NOTE_MAX_LENGTH),
    ...range(
      "review rating",
      "UPDATE reviews SET rating = ? WHERE id = 'r-limits'",
      LIMITS.REVIEW_RATING_MIN,
      LIMITS.REVIEW_RATING_MAX,
    ),
    {
      what: "review comment, shortest",
      update: "UPDATE reviews SET comment = ? WHERE id = 'r-limits'",
      limit: text(LIMITS.REVIEW_COMMENT_MIN_LENGTH),
      past: text(LIMITS.REVIEW_COMMENT_MIN_LENGTH - 1),
    },
    ...range(
      "moderation AI score",
      "UPDATE flagged_content SET ai_score = ? WHERE id = 'f-limits'",
      LIMITS.AI_SCORE_MIN,
      LIMITS.AI_SCORE_MAX,
      0.01,
    ),
    ...range(
      "city latitude",
      "UPDATE cities SET latitude = ? WHERE id = 'city-limits'",
      LIMITS.LATITUDE_MIN,
      LIMITS.LATITUDE_MAX,
    ),
    ...range(
      "city longitude",
      "UPDATE cities SET longitude = ? WHERE id = 'city-limits'",
      LIMITS.LONGITUDE_MIN,
      LIMITS.LONGITUDE_MAX,
    ),
  ];

  it.each(bounds)("$what", async ({ update, limit, past }) => {
    await expect(exec(update, [past])).rejects.toThrow(/CHECK constraint failed/);
    expect((await exec(update, [limit])).rowsAffected).toBe(1);
  });

  it.each([
    ["shortest", text(LIMITS.MESSAGE_MIN_LENGTH), text(LIMITS.MESSAGE_MIN_LENGTH - 1)],
    ["longest", text(LIMITS.MESSAGE_MAX_LENGTH), text(LIMITS.MESSAGE_MAX_LENGTH + 1)],
  ])("message content, %s", async (_, limit, past) => {
    const update = "UPDATE messages SET content = ? WHERE id = ?";
    await expect(exec(update, [past, messageId])).rejects.toThrow(/CHECK constraint failed/);
    expect((await exec(update, [limit, messageId])).rowsAffected).toBe(1);
  });
});

describe("foreign keys and uniqueness", () => {
  const orphan = (sql: string, args: InValue[] = []) =>
    expect(exec(sql, args)).rejects.toThrow(/FOREIGN KEY constraint failed/);

  it("refuse orphans", async () => {
    await orphan(
      "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email) VALUES ('px', 'no-user', 'parent', 'A', 'B', 'x@x.fr')",
    );
    await orphan("INSERT INTO children (id, parent_id, name, age) VALUES ('cx', 'no-profile', 'Léo', 3)");
    await orphan(
      "INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents) VALUES ('bx', ?, 'no-sitter', '2026-01-10T17:00:00.000Z', '2026-01-10T20:00:00.000Z', 1500, 4500)",
      [parent],
    );
    await orphan("INSERT INTO booking_children (booking_id, child_id) VALUES ('b1', 'no-child')");
    await orphan(
      "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES ('rx', 'no-booking', ?, ?, 5, 'Un commentaire assez long.')",
      [parent, sitter],
    );
    await orphan(
      "INSERT INTO messages (conversation_id, sender_id, recipient_id, content) VALUES ('conv-limits', ?, 'nobody', 'Bonjour')",
      [parent],
    );
    await orphan(
      "INSERT INTO messages (conversation_id, sender_id, recipient_id, content) VALUES ('no-conversation', ?, ?, 'Bonjour')",
      [parent, sitter],
    );
    await orphan("INSERT INTO conversations (id, participant_a, participant_b) VALUES ('cx', ?, 'zz-nobody')", [
      parent,
    ]);
    await orphan("INSERT INTO communication_preferences (user_id) VALUES ('no-user')");
    await orphan("INSERT INTO favourites (parent_profile_id, babysitter_profile_id) VALUES (?, 'no-sitter')", [parent]);
  });

  it("allow one review per booking per reviewer, and one profile per user", async () => {
    const comment = "Très bonne baby-sitter, ponctuelle.";
    await exec(
      "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES ('r1', 'b1', ?, ?, 5, ?)",
      [parent, sitter, comment],
    );
    await expect(
      exec(
        "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES ('r2', 'b1', ?, ?, 4, ?)",
        [parent, sitter, comment],
      ),
    ).rejects.toThrow(/UNIQUE constraint failed/);
    // The other party may still review the same booking.
    await exec(
      "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment) VALUES ('r3', 'b1', ?, ?, 5, ?)",
      [sitter, parent, "Famille très accueillante."],
    );
    await expect(
      exec(
        "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email) VALUES ('p-dup', 'parent1', 'parent', 'A', 'B', 'x@x.fr')",
      ),
    ).rejects.toThrow(/UNIQUE constraint failed/);
  });

  it("give messages increasing integer ids", async () => {
    const a = await exec(
      "INSERT INTO messages (conversation_id, sender_id, recipient_id, content) VALUES ('conv-limits', ?, ?, 'Bonjour') RETURNING id",
      [parent, sitter],
    );
    const b = await exec(
      "INSERT INTO messages (conversation_id, sender_id, recipient_id, content) VALUES ('conv-limits', ?, ?, 'Bonsoir') RETURNING id",
      [sitter, parent],
    );
    expect(Number(b.rows[0].id)).toBeGreaterThan(Number(a.rows[0].id));
    const read = await exec("SELECT read FROM messages WHERE id = ?", [a.rows[0].id]);
    expect(read.rows[0].read).toBe(0);
  });

  it("cascade a deleted user to their profile and owned rows", async () => {
    const p = await addUser("gone", "parent");
    await exec("INSERT INTO children (id, parent_id, name, age) VALUES ('c-gone', ?, 'Zoé', 5)", [p]);
    await addBooking("b-gone", p, sitter, "pending");
    await exec("INSERT INTO booking_children (booking_id, child_id) VALUES ('b-gone', 'c-gone')");
    await exec("INSERT INTO communication_preferences (user_id) VALUES ('gone')");
    await exec("DELETE FROM user WHERE id = 'gone'");
    for (const [table, where] of [
      ["profiles", `id = '${p}'`],
      ["children", "id = 'c-gone'"],
      ["bookings", "id = 'b-gone'"],
      ["booking_children", "booking_id = 'b-gone'"],
      ["communication_preferences", "user_id = 'gone'"],
    ]) {
      const { rows } = await exec(`SELECT count(*) AS n FROM ${table} WHERE ${where}`);
      expect(rows[0].n, table).toBe(0);
    }
  });

  it("default communication preferences to SMS, marketing emails and notify_by_email off, the rest on", async () => {
    await exec("INSERT INTO communication_preferences (user_id) VALUES ('parent1')");
    const { rows } = await exec("SELECT * FROM communication_preferences WHERE user_id = 'parent1'");
    expect(rows[0]).toMatchObject({
      email_enabled: 1,
      sms_enabled: 0,
      push_enabled: 1,
      emergency_sms: 1,
      marketing_emails: 0,
      booking_reminders: 1,
      payment_notifications: 1,
      message_notifications: 1,
      notify_new_bookings: 1,
      notify_messages: 1,
      notify_reviews: 1,
      notify_by_email: 0,
    });
  });
});
