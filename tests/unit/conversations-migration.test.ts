// Migration 0007_conversations on a database that already holds messages (written before
// conversations existed): every pair gets one conversation, every message keeps its id and joins
// its pair's conversation, and the activity trigger keeps the inbox order from then on.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client, InValue } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER, openClient } from "../../scripts/migrate";
import { insertProfile } from "./helpers/temp-db";

const BEFORE_CONVERSATIONS = "0006_booking_overlap_trigger";

let dir: string;
let client: Client;
const exec = (sql: string, args: InValue[] = []) => client.execute({ sql, args });

/** The migrations folder as it stood before 0007: same files, journal cut after `last`. */
function migrationsUpTo(last: string): string {
  const folder = join(dir, "migrations");
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8"));
  const end = journal.entries.findIndex((entry: { tag: string }) => entry.tag === last);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const addProfile = (id: string, userType: string) => insertProfile(client, id, userType);

const oldMessage = (from: string, to: string, content: string, minute: number) =>
  exec("INSERT INTO messages (sender_id, recipient_id, content, read, created_at) VALUES (?, ?, ?, 0, ?)", [
    from,
    to,
    content,
    `2026-06-01T10:${String(minute).padStart(2, "0")}:00.000Z`,
  ]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "veilleuse-conversations-migration-"));
  client = await openClient({ url: `file:${join(dir, "test.db")}` });
  await migrate(drizzle(client), { migrationsFolder: migrationsUpTo(BEFORE_CONVERSATIONS) });
  for (const [id, type] of [
    ["p1", "parent"],
    ["s1", "babysitter"],
    ["s2", "babysitter"],
  ])
    await addProfile(id, type);
  await oldMessage("p1", "s1", "Bonjour", 1);
  await oldMessage("s1", "p1", "Bonjour !", 2);
  await oldMessage("s2", "p1", "Disponible samedi", 3);
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
});

afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("migration 0007_conversations", () => {
  it("gives each pair that wrote one conversation, dated by its first and last message", async () => {
    const { rows } = await exec(
      "SELECT participant_a, participant_b, last_message_id, last_activity_at, created_at FROM conversations ORDER BY participant_b",
    );
    expect(rows.map((r) => ({ ...r }))).toEqual([
      {
        participant_a: "p1",
        participant_b: "s1",
        last_message_id: 2,
        last_activity_at: "2026-06-01T10:02:00.000Z",
        created_at: "2026-06-01T10:01:00.000Z",
      },
      {
        participant_a: "p1",
        participant_b: "s2",
        last_message_id: 3,
        last_activity_at: "2026-06-01T10:03:00.000Z",
        created_at: "2026-06-01T10:03:00.000Z",
      },
    ]);
  });

  it("keeps every message, with its id, in its pair's conversation", async () => {
    const { rows } = await exec(
      "SELECT m.id, m.content, c.participant_b FROM messages m JOIN conversations c ON c.id = m.conversation_id ORDER BY m.id",
    );
    expect(rows.map((r) => [r.id, r.content, r.participant_b])).toEqual([
      [1, "Bonjour", "s1"],
      [2, "Bonjour !", "s1"],
      [3, "Disponible samedi", "s2"],
    ]);
  });

  it("moves a conversation's activity and last message on every new message, ids continuing", async () => {
    const { rows: before } = await exec("SELECT id FROM conversations WHERE participant_b = 's1'");
    const conversationId = before[0].id as string;
    await exec(
      "INSERT INTO messages (conversation_id, sender_id, recipient_id, content, created_at) VALUES (?, 'p1', 's1', 'Merci', '2026-06-02T08:00:00.000Z')",
      [conversationId],
    );
    const { rows } = await exec("SELECT last_message_id, last_activity_at FROM conversations WHERE id = ?", [
      conversationId,
    ]);
    expect({ ...rows[0] }).toEqual({ last_message_id: 4, last_activity_at: "2026-06-02T08:00:00.000Z" });
  });

  it("refuses a second message with the same sender and client id", async () => {
    const { rows } = await exec("SELECT id FROM conversations WHERE participant_b = 's2'");
    const insert = () =>
      exec(
        "INSERT INTO messages (conversation_id, sender_id, recipient_id, content, client_id) VALUES (?, 'p1', 's2', 'Oui', 'key-1')",
        [rows[0].id as string],
      );
    await insert();
    await expect(insert()).rejects.toThrow(/UNIQUE/);
  });
});
