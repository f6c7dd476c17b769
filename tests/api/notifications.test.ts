// /api/notifications against the real Worker: the list newest first with the 'Toutes' / 'Non lues'
// counts, the unread filter, cursor pagination (20 a page), mark one read (idempotent), mark all
// read, delete, the header's unread count, parents, babysitters and admins alike, and nobody
// reaching another user's notifications (status AND rows unchanged); bad ids and params are 400s.
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, countRows, execute, memberOf, newMember, queryRows, type Member } from "./helpers";

const get = (member: Member, query = "") => call("GET", `/api/notifications${query}`, { cookie: member.cookie });
const unread = (member: Member) => call("GET", "/api/notifications/unread", { cookie: member.cookie });
const read = (member: Member, id: string) =>
  call("POST", `/api/notifications/${encodeURIComponent(id)}/read`, { cookie: member.cookie });
const readAll = (member: Member) => call("POST", "/api/notifications/read-all", { cookie: member.cookie });
const remove = (member: Member, id: string) =>
  call("DELETE", `/api/notifications/${encodeURIComponent(id)}`, { cookie: member.cookie });

/** A notification written directly, `minutesAgo` old (the product's events are the delivery service's). */
async function insert(
  profileId: string,
  { minutesAgo = 0, read = false, type = "booking", data = null as Record<string, unknown> | null } = {},
) {
  const id = crypto.randomUUID();
  await execute(
    "INSERT INTO notifications (id, profile_id, type, title, message, read, data, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    [
      id,
      profileId,
      type,
      `Titre ${minutesAgo}`,
      `<b>Message</b> ${minutesAgo}`,
      read ? 1 : 0,
      data === null ? null : JSON.stringify(data),
      new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    ],
  );
  return id;
}

const rowsOf = (profileId: string) =>
  queryRows("SELECT id, read FROM notifications WHERE profile_id = ? ORDER BY id", [profileId]).then((rows) =>
    rows.map((row) => `${String(row.id)}:${Number(row.read)}`),
  );
const clear = (profileId: string) => execute("DELETE FROM notifications WHERE profile_id = ?", [profileId]);

let parent: Member;
let sitter: Member;

beforeAll(async () => {
  [parent, sitter] = await Promise.all([newMember("parent"), newMember("babysitter")]);
});

describe("the list", () => {
  it("answers the caller's notifications newest first, with both counts, the link only when it is a path", async () => {
    await clear(parent.profileId);
    const old = await insert(parent.profileId, { minutesAgo: 60, read: true, type: "review" });
    const middle = await insert(parent.profileId, {
      minutesAgo: 30,
      type: "message",
      data: { link: "https://evil.example" },
    });
    const newest = await insert(parent.profileId, { minutesAgo: 1, data: { link: "/bookings/abc", bookingId: "abc" } });
    await insert(sitter.profileId, { minutesAgo: 2 });

    const page = await get(parent);
    expect(page.status).toBe(200);
    expect(page.body.notifications.map((n: { id: string }) => n.id)).toEqual([newest, middle, old]);
    expect(page.body.counts).toEqual({ all: 3, unread: 2 });
    expect(page.body.next_cursor).toBeNull();
    expect(page.body.notifications[0]).toMatchObject({
      type: "booking",
      title: "Titre 1",
      message: "<b>Message</b> 1",
      read: false,
      link: "/bookings/abc",
    });
    expect(page.body.notifications[1].link).toBeNull();
    expect(page.body.notifications[2]).toMatchObject({ type: "review", read: true, link: null });

    const onlyUnread = await get(parent, "?filter=unread");
    expect(onlyUnread.status).toBe(200);
    expect(onlyUnread.body.notifications.map((n: { id: string }) => n.id)).toEqual([newest, middle]);
    expect(onlyUnread.body.counts).toEqual({ all: 3, unread: 2 });
  });

  it("pages 20 at a time with a cursor, every notification once, in order", async () => {
    await clear(parent.profileId);
    const ids: string[] = [];
    for (let i = 0; i < 45; i++) ids.push(await insert(parent.profileId, { minutesAgo: i, read: i % 3 === 0 }));
    // Two at the very same instant: the id breaks the tie, and the cursor still sees both.
    const at = new Date(Date.now() - 100 * 60_000).toISOString();
    await execute("UPDATE notifications SET created_at = ? WHERE id IN (?, ?)", [at, ids[19], ids[20]]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await get(parent, cursor ? `?cursor=${encodeURIComponent(cursor)}` : "");
      expect(page.status).toBe(200);
      expect(page.body.notifications.length).toBeLessThanOrEqual(20);
      expect(page.body.counts).toEqual({ all: 45, unread: 30 });
      seen.push(...page.body.notifications.map((n: { id: string }) => n.id));
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort()).toEqual([...ids].sort());
    const times = await queryRows("SELECT id, created_at FROM notifications WHERE profile_id = ?", [parent.profileId]);
    const timeOf = new Map(times.map((row) => [String(row.id), String(row.created_at)]));
    const order = seen.map((id) => timeOf.get(id)!);
    expect(order).toEqual([...order].sort().reverse());

    const unreadPages = await get(parent, "?filter=unread&limit=10");
    expect(unreadPages.body.notifications).toHaveLength(10);
    expect(unreadPages.body.notifications.every((n: { read: boolean }) => !n.read)).toBe(true);
    expect(unreadPages.body.next_cursor).not.toBeNull();
  });

  it("refuses a bad filter, limit or cursor with a 400 in the caller's language, and an unknown parameter", async () => {
    for (const query of [
      "?filter=old",
      "?limit=0",
      "?limit=21",
      "?limit=abc",
      "?cursor=nope",
      "?cursor=x%7Cy",
      "?page=2",
    ]) {
      const answer = await get(parent, query);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.error.message, query).toBe("string");
    }
    const french = (await get(parent, "?filter=old")).body.error.message;
    const english = await call("GET", "/api/notifications?filter=old", {
      cookie: parent.cookie,
      headers: { "accept-language": "en" },
    });
    expect(english.status).toBe(400);
    expect(english.body.error.message).not.toBe(french);
  });

  it("is for signed-in users only", async () => {
    expect((await call("GET", "/api/notifications")).status).toBe(401);
    expect((await call("GET", "/api/notifications/unread")).status).toBe(401);
    expect((await call("POST", "/api/notifications/read-all")).status).toBe(401);
  });
});

describe("reading and deleting", () => {
  it("marks one read (again: nothing changes), with the counts and the header's count", async () => {
    await clear(parent.profileId);
    const first = await insert(parent.profileId, { minutesAgo: 2 });
    await insert(parent.profileId, { minutesAgo: 1 });
    expect((await unread(parent)).body).toEqual({ unread: 2 });

    const marked = await read(parent, first);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ changed: 1, counts: { all: 2, unread: 1 } });
    const again = await read(parent, first);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ changed: 0, counts: { all: 2, unread: 1 } });
    expect((await unread(parent)).body).toEqual({ unread: 1 });
    expect(await countRows("SELECT read FROM notifications WHERE id = ?", [first])).toBe(1);
  });

  it("marks all read, the caller's only", async () => {
    await clear(parent.profileId);
    await clear(sitter.profileId);
    for (let i = 0; i < 3; i++) await insert(parent.profileId, { minutesAgo: i });
    await insert(parent.profileId, { minutesAgo: 9, read: true });
    const sitterOwn = await insert(sitter.profileId);

    const all = await readAll(parent);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ changed: 3, counts: { all: 4, unread: 0 } });
    expect((await readAll(parent)).body).toEqual({ changed: 0, counts: { all: 4, unread: 0 } });
    expect((await unread(parent)).body).toEqual({ unread: 0 });
    expect(await rowsOf(sitter.profileId)).toEqual([`${sitterOwn}:0`]);
  });

  it("deletes one; a second time it is gone (404)", async () => {
    await clear(parent.profileId);
    const gone = await insert(parent.profileId, { minutesAgo: 2 });
    const kept = await insert(parent.profileId, { minutesAgo: 1 });
    const deleted = await remove(parent, gone);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ changed: 1, counts: { all: 1, unread: 1 } });
    expect(await rowsOf(parent.profileId)).toEqual([`${kept}:0`]);
    const again = await remove(parent, gone);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe("Notification introuvable");
  });

  it("never reaches another user's notification: 404 like an unknown id, and the row is unchanged", async () => {
    await clear(sitter.profileId);
    const theirs = await insert(sitter.profileId);
    const before = await rowsOf(sitter.profileId);

    for (const answer of [
      await read(parent, theirs),
      await remove(parent, theirs),
      await read(parent, crypto.randomUUID()),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.message).toBe("Notification introuvable");
    }
    const english = await call("DELETE", `/api/notifications/${theirs}`, {
      cookie: parent.cookie,
      headers: { "accept-language": "en" },
    });
    expect(english.status).toBe(404);
    expect(english.body.error.message).toBe("Notification not found");
    expect(await rowsOf(sitter.profileId)).toEqual(before);
    expect((await get(parent)).body.notifications.some((n: { id: string }) => n.id === theirs)).toBe(false);
  });

  it("refuses an over-long id with a 400", async () => {
    const long = "x".repeat(65);
    expect((await read(parent, long)).status).toBe(400);
    expect((await remove(parent, long)).status).toBe(400);
  });
});

describe("every role", () => {
  it("serves babysitters and admins their own centre", async () => {
    await clear(sitter.profileId);
    const own = await insert(sitter.profileId, { type: "system" });
    expect((await get(sitter)).body.counts).toEqual({ all: 1, unread: 1 });
    expect((await read(sitter, own)).status).toBe(200);

    const admin = await memberOf(DEMO_ACCOUNTS.admin.email);
    const adminOwn = await insert(admin.profileId, { type: "system" });
    const page = await get(admin);
    expect(page.status).toBe(200);
    expect(page.body.notifications.map((n: { id: string }) => n.id)).toContain(adminOwn);
    expect((await remove(admin, adminOwn)).status).toBe(200);
    // An admin is no exception: another user's notification is still a 404.
    expect((await remove(admin, own)).status).toBe(404);
    expect(await rowsOf(sitter.profileId)).toEqual([`${own}:1`]);
  });
});
