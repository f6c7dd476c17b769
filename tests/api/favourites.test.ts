// /api/favourites against the real Worker: add and remove (idempotent), the cards and the cheap
// id list, the server-side filter, the limit, parents only, babysitter ids only, hidden profiles
// refused, and nobody reaching another parent's favourites (status AND database unchanged).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAVOURITES_MAX } from "../../db/constants/limits";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { call, countRows, newMember, queryRows, execute, memberOf, type Member } from "./helpers";

type Sitter = { id: string; first_name: string; last_name: string; city: string };

const favouritesOf = (profileId: string) =>
  queryRows("SELECT babysitter_profile_id FROM favourites WHERE parent_profile_id = ? ORDER BY babysitter_profile_id", [
    profileId,
  ]).then((rows) => rows.map((row) => String(row.babysitter_profile_id)));
/**
 * The favourites a caller's requests could have written: saved by this profile, or naming one of
 * these targets. Not the whole table: other test files write favourites too.
 */
const favouritesTouching = (profileId: string, targets: string[]) =>
  countRows(
    `SELECT count(*) FROM favourites WHERE parent_profile_id = ? OR babysitter_profile_id IN (${targets.map(() => "?").join(", ")})`,
    [profileId, ...targets],
  );

const put = (account: Member, id: string, headers: Record<string, string> = {}) =>
  call("PUT", `/api/favourites/${encodeURIComponent(id)}`, { cookie: account.cookie, headers });
const del = (account: Member, id: string, headers: Record<string, string> = {}) =>
  call("DELETE", `/api/favourites/${encodeURIComponent(id)}`, { cookie: account.cookie, headers });
const list = (account: Member, q?: string) =>
  call("GET", `/api/favourites${q === undefined ? "" : `?q=${encodeURIComponent(q)}`}`, { cookie: account.cookie });
const ids = (account: Member) => call("GET", "/api/favourites/ids", { cookie: account.cookie });

/** Lower case without accents, as a parent might type it. */
const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

let parent: Member;
let otherParent: Member;
let sitters: Sitter[];

beforeAll(async () => {
  parent = await newMember("parent");
  otherParent = await newMember("parent");
  // Public seeded sitters with distinct first names and cities, so each filter has one answer.
  const rows = (await queryRows(
    `SELECT p.id, p.first_name, p.last_name, p.city FROM profiles p
     WHERE p.user_type = 'babysitter' AND p.profile_visibility = 'public' AND p.city IS NOT NULL
     ORDER BY p.id LIMIT 200`,
    [],
  )) as unknown as Sitter[];
  const picked: Sitter[] = [];
  for (const row of rows) {
    const clash = picked.some(
      (s) => plain(s.first_name) === plain(row.first_name) || plain(s.city) === plain(row.city),
    );
    if (!clash) picked.push({ ...row });
    if (picked.length === 3) break;
  }
  sitters = picked;
  expect(sitters).toHaveLength(3);
});

describe("a parent's favourites", () => {
  it("PUT adds a babysitter, and again changes nothing (idempotent)", async () => {
    const [first] = sitters;
    for (let i = 0; i < 2; i++) {
      const added = await put(parent, first.id);
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ babysitter_id: first.id, favourite: true });
    }
    expect(await favouritesOf(parent.profileId)).toEqual([first.id]);
  });

  it("GET lists them newest first as sitter cards, and /ids just their ids", async () => {
    const [first, second] = sitters;
    await new Promise((done) => setTimeout(done, 5)); // a later created_at than the first
    expect((await put(parent, second.id)).status).toBe(200);

    const { status, body } = await list(parent);
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.favourites.map((card: { id: string }) => card.id)).toEqual([second.id, first.id]);
    const [stored] = await queryRows(
      `SELECT p.first_name, p.last_name, p.photo_url, p.rating, p.total_reviews, p.city, p.bio, p.is_verified,
              b.hourly_rate_cents, b.experience_years, b.languages, b.specialties
       FROM profiles p JOIN babysitter_profiles b ON b.profile_id = p.id WHERE p.id = ?`,
      [second.id],
    );
    expect(body.favourites[0]).toEqual({
      id: second.id,
      first_name: stored.first_name,
      last_name: stored.last_name,
      photo_url: stored.photo_url,
      rating: stored.rating,
      total_reviews: stored.total_reviews,
      hourly_rate_cents: stored.hourly_rate_cents,
      city: stored.city,
      bio: stored.bio,
      experience_years: stored.experience_years,
      is_verified: stored.is_verified === 1,
      languages: JSON.parse(String(stored.languages)),
      specialties: JSON.parse(String(stored.specialties)),
      favourited_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });

    const cheap = await ids(parent);
    expect(cheap.status).toBe(200);
    expect(cheap.body).toEqual({ ids: [second.id, first.id] });
  });

  it("filters on the name or the city on the server, whatever the case and the accents", async () => {
    const [first, second] = sitters;
    const byFirstName = await list(parent, plain(first.first_name).toUpperCase());
    expect(byFirstName.body.favourites.map((card: { id: string }) => card.id)).toEqual([first.id]);
    expect(byFirstName.body.total).toBe(2);
    const byCity = await list(parent, ` ${plain(second.city)} `);
    expect(byCity.body.favourites.map((card: { id: string }) => card.id)).toEqual([second.id]);
    const byBoth = await list(parent, `${plain(first.last_name)} ${plain(first.city)}`);
    expect(byBoth.body.favourites.map((card: { id: string }) => card.id)).toEqual([first.id]);
    const none = await list(parent, "zzzz introuvable");
    expect(none.body).toEqual({ favourites: [], total: 2 });
  });

  it("refuses a filter over 100 characters with the message of the field", async () => {
    const { status, body } = await list(parent, "a".repeat(101));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "VALIDATION", field: "q", message: "Maximum 100 caractères autorisés" });
  });

  it("DELETE removes one, and again changes nothing (idempotent)", async () => {
    const [first, second] = sitters;
    for (let i = 0; i < 2; i++) {
      const removed = await del(parent, first.id);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ babysitter_id: first.id, favourite: false });
    }
    expect(await favouritesOf(parent.profileId)).toEqual([second.id]);
    expect((await ids(parent)).body).toEqual({ ids: [second.id] });
  });
});

describe("what a parent cannot favourite", () => {
  it("an id that is not a babysitter's: a parent, an admin, nobody (404, nothing written)", async () => {
    const [admin] = await queryRows("SELECT id FROM profiles WHERE email = ?", [DEMO_ACCOUNTS.admin.email]);
    const targets = [otherParent.profileId, String(admin.id), "00000000-0000-4000-8000-000000000000"];
    const before = await favouritesTouching(parent.profileId, targets);
    for (const id of targets) {
      const { status, body } = await put(parent, id);
      expect(status).toBe(404);
      expect(body.error).toEqual({ code: "BABYSITTER_NOT_FOUND", message: "Baby-sitter non trouvée" });
    }
    expect(await favouritesTouching(parent.profileId, targets)).toBe(before);
  });

  it("a hidden babysitter (404, in English too), and an id too long to be one (400)", async () => {
    const hidden = await newMember("babysitter");
    await execute("UPDATE profiles SET profile_visibility = 'hidden' WHERE id = ?", [hidden.profileId]);
    const before = await favouritesTouching(parent.profileId, [hidden.profileId]);
    const { status, body } = await put(parent, hidden.profileId, { "accept-language": "en" });
    expect(status).toBe(404);
    expect(body.error.message).toBe("Babysitter not found");
    expect((await put(parent, "x".repeat(101))).status).toBe(400);
    expect(await favouritesTouching(parent.profileId, [hidden.profileId])).toBe(before);
  });
});

describe("another parent's favourites", () => {
  it("are neither read nor changed by someone else: each call acts on the caller's own list", async () => {
    const [, second, third] = sitters;
    const parentsBefore = await favouritesOf(parent.profileId);
    expect(parentsBefore).toEqual([second.id]);

    expect((await list(otherParent)).body).toEqual({ favourites: [], total: 0 });
    expect((await ids(otherParent)).body).toEqual({ ids: [] });
    expect((await del(otherParent, second.id)).status).toBe(200);
    expect(await favouritesOf(parent.profileId)).toEqual(parentsBefore);

    expect((await put(otherParent, third.id)).status).toBe(200);
    expect(await favouritesOf(otherParent.profileId)).toEqual([third.id]);
    expect(await favouritesOf(parent.profileId)).toEqual(parentsBefore);
    expect((await ids(parent)).body).toEqual({ ids: [second.id] });
  });
});

describe("only parents have favourites", () => {
  const roles = ["babysitter", "admin"] as const;

  it.each(roles)("the demo %s gets 403 with a clear message on every route, and nothing changes", async (role) => {
    const { email, password } = DEMO_ACCOUNTS[role];
    const account = await memberOf(email, password);
    const [, second] = sitters;
    // No favourite by this account at all (the demo parent may favourite `second` meanwhile).
    const before = await favouritesTouching(account.profileId, []);
    const answers = [
      await list(account),
      await ids(account),
      await put(account, second.id),
      await del(account, second.id),
    ];
    for (const { status, body } of answers) {
      expect(status).toBe(403);
      expect(body.error).toEqual({
        code: "PARENTS_ONLY",
        message: "Seuls les parents peuvent enregistrer des baby-sitters en favoris.",
      });
    }
    expect(await favouritesTouching(account.profileId, [])).toBe(before);
    const english = await put(account, second.id, { "accept-language": "en-GB" });
    expect(english.body.error.message).toBe("Only parents can save babysitters as favourites.");
  });

  it("a signed-out caller gets 401", async () => {
    const [, second] = sitters;
    expect((await call("GET", "/api/favourites")).status).toBe(401);
    expect((await call("GET", "/api/favourites/ids")).status).toBe(401);
    expect((await call("PUT", `/api/favourites/${second.id}`)).status).toBe(401);
    expect((await call("DELETE", `/api/favourites/${second.id}`)).status).toBe(401);
  });
});

describe(`the limit of ${FAVOURITES_MAX} favourites`, () => {
  // Ids shaped as ours (UUIDs: a malformed one is refused before any lookup), unique to this run.
  const BULK = `${crypto.randomUUID().slice(0, 8)}-0000-4000-8000-`;
  const bulk = (i: number) => `${BULK}${String(i).padStart(12, "0")}`;
  // FAVOURITES_MAX + 1 throw-away babysitters (one statement per table), removed after the test.
  const series = `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FAVOURITES_MAX + 1})`;

  beforeAll(async () => {
    const t = Date.now();
    await execute(`${series} INSERT INTO user (id, name, email, email_verified, created_at, updated_at)
                  SELECT '${BULK}' || printf('%012d', i), 'Bulk', '${BULK}' || i || '@exemple.fr', 1, ${t}, ${t} FROM n`);
    await execute(`${series} INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email)
                  SELECT '${BULK}' || printf('%012d', i), '${BULK}' || printf('%012d', i), 'babysitter', 'Bulk', 'Sitter', '${BULK}' || i || '@exemple.fr' FROM n`);
    await execute(
      `${series} INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents) SELECT '${BULK}' || printf('%012d', i), 1500 FROM n`,
    );
  });
  afterAll(() => execute(`DELETE FROM user WHERE id LIKE '${BULK}%'`));

  it("refuses one more with a clear message and writes nothing; removing one frees a place", async () => {
    const account = await newMember("parent");
    await execute(
      `${series} INSERT INTO favourites (parent_profile_id, babysitter_profile_id)
       SELECT ?, '${BULK}' || printf('%012d', i) FROM n WHERE i < ${FAVOURITES_MAX}`,
      [account.profileId],
    );
    expect((await put(account, bulk(FAVOURITES_MAX))).status).toBe(200); // the last place
    expect(await countRows("SELECT count(*) FROM favourites WHERE parent_profile_id = ?", [account.profileId])).toBe(
      FAVOURITES_MAX,
    );

    const refused = await put(account, bulk(FAVOURITES_MAX + 1));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: "FAVOURITES_LIMIT",
      message: `Vous avez atteint la limite de ${FAVOURITES_MAX} favoris. Retirez-en un pour en ajouter un autre.`,
    });
    expect(await countRows("SELECT count(*) FROM favourites WHERE parent_profile_id = ?", [account.profileId])).toBe(
      FAVOURITES_MAX,
    );
    expect((await put(account, bulk(1))).status).toBe(200); // already there: still idempotent

    expect((await del(account, bulk(1))).status).toBe(200);
    expect((await put(account, bulk(FAVOURITES_MAX + 1))).status).toBe(200);
    expect((await list(account)).body.total).toBe(FAVOURITES_MAX);
  });
});
