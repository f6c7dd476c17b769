// The admin console's Geography section (/api/admin/geography) on a small known world written into
// the test database: two Breton communes no other test uses (Quimper, Vannes), sitters placed by
// postal code and by city name alone, paid plans started before and during the period, a paid
// invoice, a declined request, a confirmed booking with its review, and searches naming Quimper
// with 0 and 5 results. Each figure is the one these rows give; the CSV is the ranking as shown.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { baseUrl, call, countRows, execute, type Member, memberOf, newMember, queryRows, uniqueEmail } from "./helpers";

let admin: Member;
const DAY = 86_400_000;
const ago = (days: number, hours = 0) => new Date(Date.now() - days * DAY + hours * 3_600_000).toISOString();
const geography = (query = "", cookie = admin.cookie) =>
  call("GET", `/api/admin/geography${query}`, { cookie, headers: { "accept-language": "fr" } });

type Commune = { id: string; population: number };
let quimper: Commune;
let vannes: Commune;

async function commune(name: string, department: string): Promise<Commune> {
  const [row] = await queryRows("SELECT id, population FROM cities WHERE name = ? AND department = ?", [
    name,
    department,
  ]);
  return { id: String(row.id), population: Number(row.population) };
}

async function person(type: "parent" | "babysitter", postalCode: string | null, city: string | null) {
  const userId = randomUUID();
  const profileId = randomUUID();
  const email = uniqueEmail("geo");
  const now = String(Date.now());
  await execute(
    "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, 'Geo Test', ?, 1, ?, ?)",
    [userId, email, now, now],
  );
  await execute(
    `INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, postal_code, city)
     VALUES (?, ?, ?, 'Geo', 'Test', ?, ?, ?)`,
    [profileId, userId, type, email, postalCode, city],
  );
  if (type === "babysitter")
    await execute("INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents) VALUES (?, 1500)", [profileId]);
  return profileId;
}

async function paidPlan(profileId: string, createdDaysAgo: number) {
  const id = randomUUID();
  await execute(
    `INSERT INTO subscriptions (id, profile_id, plan, status, current_period_start, current_period_end, amount_cents, created_at, updated_at)
     VALUES (?, ?, 'standard', 'active', ?, ?, 1900, ?, ?)`,
    [id, profileId, ago(1), ago(-29), ago(createdDaysAgo), ago(createdDaysAgo)],
  );
  return id;
}

let seq = 0;
async function booking(parent: string, sitter: string, status: string, extra: Record<string, string> = {}) {
  const id = randomUUID();
  const start = new Date(Date.now() + (400 + seq++ * 5) * 3_600_000).toISOString();
  const end = new Date(Date.parse(start) + 3 * 3_600_000).toISOString();
  await execute(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents,
       status, created_at, responded_at, cancelled_by, cancel_reason)
     VALUES (?, ?, ?, ?, ?, 1500, 4500, ?, ?, ?, ?, ?)`,
    [
      id,
      parent,
      sitter,
      start,
      end,
      status,
      extra.created ?? ago(3),
      extra.responded ?? null,
      extra.cancelledBy ?? null,
      extra.reason ?? null,
    ],
  );
  return id;
}

beforeAll(async () => {
  admin = await memberOf(DEMO_ACCOUNTS.admin.email);
  quimper = await commune("Quimper", "29");
  vannes = await commune("Vannes", "56");
  // Quimper: two sitters by postal code (one typed in capitals), a parent; one paid plan since 10 days.
  const sitterQ1 = await person("babysitter", "29000", "Quimper");
  await person("babysitter", "29000", "QUIMPER");
  const parentQ = await person("parent", "29000", "Quimper");
  const planQ = await paidPlan(sitterQ1, 10);
  await execute(
    `INSERT INTO invoices (id, profile_id, subscription_id, number, amount_paid_cents, status, paid_at, created_at)
     VALUES (?, ?, ?, ?, 1900, 'paid', ?, ?)`,
    [randomUUID(), sitterQ1, planQ, `GEO-${randomUUID()}`, ago(5), ago(5)],
  );
  // Vannes: two sitters known by their city name only (no postal code); plans since 200 and 20 days.
  const sitterV1 = await person("babysitter", null, "Vannes");
  const sitterV2 = await person("babysitter", null, "vannes");
  await paidPlan(sitterV1, 200);
  await paidPlan(sitterV2, 20);
  // The Quimper parent's requests: one declined by her Quimper sitter after 2 h, one confirmed by a
  // Vannes sitter after 30 min (reviewed 5/5).
  await booking(parentQ, sitterQ1, "cancelled", {
    created: ago(3),
    responded: ago(3, 2),
    cancelledBy: "babysitter",
    reason: "declined",
  });
  const confirmed = await booking(parentQ, sitterV1, "confirmed", { created: ago(2), responded: ago(2, 0.5) });
  await execute(
    "INSERT INTO reviews (id, booking_id, reviewer_id, reviewed_id, rating, comment, created_at) VALUES (?, ?, ?, ?, 5, ?, ?)",
    [randomUUID(), confirmed, parentQ, sitterV1, "Très bonne baby-sitter, ponctuelle et attentionnée.", ago(1)],
  );
  for (const results of [0, 5])
    await execute(
      "INSERT INTO search_events (created_at, city_id, origin_source, filters, sort, result_count, signed_in) VALUES (?, ?, 'location', '', 'relevance', ?, 0)",
      [ago(1), quimper.id, results],
    );
});

const per10k = (count: number, population: number) => Math.round((count / population) * 100_000) / 10;
type City = { id: string; name: string; [key: string]: unknown };
const findCity = (rows: City[], id: string) => rows.find((row) => row.id === id);

describe("who may read the Geography routes", () => {
  it("refuses anonymous callers (401), parents and babysitters (403), and changes nothing", async () => {
    const audits = () => countRows("SELECT count(*) FROM audit_events WHERE resource = 'export:geography'", []);
    const before = await audits();
    const members = [await newMember("parent"), await newMember("babysitter")];
    for (const path of ["", "/export"]) {
      expect((await call("GET", `/api/admin/geography${path}`)).status).toBe(401);
      for (const member of members)
        expect((await call("GET", `/api/admin/geography${path}`, { cookie: member.cookie })).status).toBe(403);
    }
    expect(await audits()).toBe(before);
  }, 90_000);
});

describe("the figures per city", () => {
  it("are those of the rows: people placed by postal code or name, plans, revenue, bookings, reviews, unmet demand", async () => {
    const answer = await geography("?period=3m&q=quimper");
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(1);
    expect(answer.body.rows[0]).toMatchObject({
      id: quimper.id,
      name: "Quimper",
      department: "29",
      population: quimper.population,
      sitters: 2,
      parents: 1,
      subscribers: 1,
      subscribers_before: 0,
      revenue_cents: 1900,
      growth_pct: null,
      adoption: per10k(3, quimper.population),
      sitters_per_10k: per10k(2, quimper.population),
      parents_per_10k: per10k(1, quimper.population),
      subscriber_share_pct: 50,
      avg_booking_cents: 4500,
      response_minutes: 120,
      satisfaction: null,
      unmet: { searches: 1, declined: 1, expired: 0, total: 2 },
    });
    const vannesRow = (await geography("?period=3m&q=Vannes")).body.rows[0];
    expect(vannesRow).toMatchObject({
      id: vannes.id,
      sitters: 2,
      parents: 0,
      subscribers: 2,
      subscribers_before: 1,
      revenue_cents: 0,
      growth_pct: 100,
      subscriber_share_pct: 100,
      avg_booking_cents: null,
      response_minutes: 30,
      satisfaction: 5,
      reviews: 1,
      unmet: { searches: 0, declined: 0, expired: 0, total: 0 },
    });
    // A shorter period leaves out what came before it: over a month, Vannes had one subscriber at the start too.
    const month = (await geography("?period=1m&q=Vannes")).body.rows[0];
    expect(month).toMatchObject({ subscribers: 2, subscribers_before: 1, growth_pct: 100 });
    // The map and the top lists read the same figures, over every city.
    const full = (await geography("?period=3m&metric=growth")).body;
    expect(full.metric).toBe("growth");
    expect(findCity(full.map, vannes.id)).toMatchObject({ growth_pct: 100 });
    expect(full.top.growth.length).toBeLessThanOrEqual(5);
    expect(full.totals.cities).toBeGreaterThanOrEqual(2);
  });

  it("searches the name (folded) on the server, and sorts by subscribers, revenue or growth either way", async () => {
    expect((await geography("?q=QUIMP")).body.rows.map((row: City) => row.name)).toEqual(["Quimper"]);
    expect((await geography("?q=zzzz")).body.total).toBe(0);
    for (const sort of ["subscribers", "revenue", "growth"] as const) {
      const key = { subscribers: "subscribers", revenue: "revenue_cents", growth: "growth_pct" }[sort];
      for (const dir of ["desc", "asc"] as const) {
        const rows = (await geography(`?period=3m&sort=${sort}&dir=${dir}&page_size=100`)).body.rows as City[];
        const values = rows.map((row) => row[key] as number | null).filter((value) => value !== null) as number[];
        const sorted = [...values].sort((a, b) => (dir === "asc" ? a - b : b - a));
        expect(values, `${sort} ${dir}`).toEqual(sorted);
        // Cities without the figure come last either way.
        const firstNull = rows.findIndex((row) => row[key] === null);
        if (firstNull >= 0) expect(rows.slice(firstNull).every((row) => row[key] === null)).toBe(true);
      }
    }
    const twoCities = (await geography("?period=3m&sort=subscribers&dir=desc&page_size=100")).body.rows as City[];
    const order = twoCities.filter((row) => row.id === quimper.id || row.id === vannes.id).map((row) => row.name);
    expect(order).toEqual(["Vannes", "Quimper"]);
  });

  it("refuses a bad parameter with a 400 and a French message, never a 500", async () => {
    for (const query of [
      "?period=2w",
      "?metric=users",
      "?sort=name",
      "?dir=up",
      "?page=0",
      "?page_size=7",
      `?q=${"a".repeat(101)}`,
    ]) {
      const answer = await geography(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.message, query).toBe("Format invalide");
    }
    const unknown = await geography("?other=1");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe("Champ inconnu : other");
    expect((await call("GET", "/api/admin/geography/export?separator=tab", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("the CSV export", () => {
  it("is the filtered ranking, in its order, with the BOM and the console's columns; audited", async () => {
    const shown = (await geography("?period=3m&sort=growth&dir=desc&page_size=100")).body;
    const response = await fetch(`${baseUrl()}/api/admin/geography/export?period=3m&sort=growth&dir=desc`, {
      headers: { cookie: admin.cookie, "accept-language": "fr" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Ville;Département;Population;Abonnés;Revenus (€);Croissance (%);Adoption (pour 10 000 hab.);" +
        "Réservation moyenne (€);Temps de réponse (min);Satisfaction (/5);Demande non satisfaite",
    );
    expect(lines.length - 1).toBe(shown.total);
    expect(lines.slice(1).map((line) => line.split(";")[0])).toEqual(
      shown.rows.map((row: City) => row.name).slice(0, lines.length - 1),
    );
    const quimperLine = lines.find((line) => line.startsWith("Quimper;"))!.split(";");
    expect(quimperLine).toEqual([
      "Quimper",
      "29",
      String(quimper.population),
      "1",
      "19.00",
      "",
      per10k(3, quimper.population).toFixed(1),
      "45.00",
      "120",
      "",
      "2",
    ]);
    const searched = await fetch(`${baseUrl()}/api/admin/geography/export?q=vannes&separator=comma`, {
      headers: { cookie: admin.cookie, "accept-language": "en" },
    });
    const searchedLines = (await searched.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(searchedLines[0].startsWith("City,Department,Population,Subscribers")).toBe(true);
    expect(searchedLines.slice(1).map((line) => line.split(",")[0])).toEqual(["Vannes"]);
    expect(
      await countRows(
        "SELECT count(*) FROM audit_events WHERE resource = 'export:geography' AND action = 'admin.export'",
        [],
      ),
    ).toBeGreaterThanOrEqual(2);
  });
});
