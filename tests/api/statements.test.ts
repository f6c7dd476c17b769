// A family's statements through the real Worker: a month counts each sitting whose hours stand (or a
// completed one's booked hours) in the month it started, Paris time, per babysitter; the CSV has the
// CESU / Pajemploi layout, the PDF is a PDF; the year adds up its months and estimates the tax credit;
// a statement is always the caller's own (another family sees none of it), and only parents have one.
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, execute, expectPdf, newMember, type Member } from "./helpers";

type Sitting = { start: string; hours: number; status?: string; hoursStatus?: string | null; rate?: number };

/** A sitting written as it would stand (hours confirmed by default), at `rate` cents an hour. */
async function sitting(
  parent: Member,
  sitter: Member,
  { start, hours, status = "confirmed", hoursStatus = "confirmed", rate = 1500 }: Sitting,
) {
  const id = crypto.randomUUID();
  const end = new Date(Date.parse(start) + hours * 3_600_000).toISOString();
  await execute(
    `INSERT INTO bookings (id, parent_id, babysitter_id, start_time, end_time, hourly_rate_cents, total_amount_cents, status,
       hours_start, hours_end, hours_status, hours_proposed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      parent.profileId,
      sitter.profileId,
      start,
      end,
      String(rate),
      String(Math.round(rate * hours)),
      status,
      hoursStatus ? start : null,
      hoursStatus ? end : null,
      hoursStatus,
      // Declared just now: hours still proposed are not yet confirmed for her (that comes after 24 h).
      hoursStatus ? new Date().toISOString() : null,
    ],
  );
  return id;
}

let parent: Member;
let anna: Member;
let bea: Member;
beforeAll(async () => {
  [parent, anna, bea] = await Promise.all([newMember("parent"), newMember("babysitter"), newMember("babysitter")]);
  await sitting(parent, anna, { start: "2026-10-05T16:00:00.000Z", hours: 3 }); // 45 €
  await sitting(parent, anna, { start: "2026-10-12T16:00:00.000Z", hours: 2.5 }); // 37,50 €
  await sitting(parent, bea, {
    start: "2026-10-20T17:00:00.000Z",
    hours: 4,
    status: "completed",
    hoursStatus: null,
    rate: 1800,
  }); // 72 €
  // Not counted in October: hours still proposed, disputed, a cancelled sitting, and one that starts
  // at 00:30 on 1 November in Paris (23:30 UTC on 31 October).
  await sitting(parent, anna, { start: "2026-10-21T16:00:00.000Z", hours: 3, hoursStatus: "proposed" });
  await sitting(parent, anna, { start: "2026-10-22T16:00:00.000Z", hours: 3, hoursStatus: "disputed" });
  await sitting(parent, anna, { start: "2026-10-23T16:00:00.000Z", hours: 3, status: "cancelled", hoursStatus: null });
  await sitting(parent, anna, { start: "2026-10-31T23:30:00.000Z", hours: 2 }); // 30 €, November
  await execute("INSERT INTO children (id, parent_id, name, age) VALUES (?, ?, 'Lou', 4)", [
    crypto.randomUUID(),
    parent.profileId,
  ]);
});

describe("a month's statement", () => {
  it("counts the sittings whose hours stand, per babysitter, and adds up", async () => {
    const answer = await call("GET", "/api/statements/2026-10", { cookie: parent.cookie });
    expect(answer.status).toBe(200);
    const { sitters, minutes, amount_cents } = answer.body;
    expect(sitters.map((s: any) => s.babysitter.id)).toEqual([anna.profileId, bea.profileId]);
    expect(sitters[0]).toMatchObject({ minutes: 330, amount_cents: 8250, hourly_rate_cents: 1500, days: 2 });
    expect(sitters[0].sittings).toHaveLength(2);
    expect(sitters[0].sittings.every((line: any) => line.settled === "unpaid")).toBe(true);
    expect(sitters[1]).toMatchObject({ minutes: 240, amount_cents: 7200, hourly_rate_cents: 1800, days: 1 });
    expect({ minutes, amount_cents }).toEqual({ minutes: 570, amount_cents: 15450 });
    const november = (await call("GET", "/api/statements/2026-11", { cookie: parent.cookie })).body;
    expect(november).toMatchObject({ minutes: 120, amount_cents: 3000 });
  });

  it("gives the CSV the declarations ask for, and a PDF", async () => {
    const csv = await fetch(`${baseUrl()}/api/statements/2026-10/csv`, { headers: { cookie: parent.cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="releve-2026-10.csv"');
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the BOM spreadsheets read UTF-8 by
    const rows = bytes.subarray(3).toString("utf8").trim().split("\r\n");
    expect(rows[0]).toBe(
      "Mois;Nom;Prénom;Nombre d'heures;Salaire horaire net (€);Salaire net total (€);Jours d'activité;Réglé par carte (€);Réglé hors Veilleuse (€);Restant à régler (€)",
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^2026-10;[^;]+;[^;]+;5,50;15,00;82,50;2;0,00;0,00;82,50$/);
    expect(rows[2]).toMatch(/^2026-10;[^;]+;[^;]+;4,00;18,00;72,00;1;0,00;0,00;72,00$/);
    await expectPdf("/api/statements/2026-10/pdf", parent.cookie);
  });

  it("refuses a month that is not YYYY-MM in the caller's language, and is for parents only", async () => {
    const bad = await call("GET", "/api/statements/2026-13", { cookie: parent.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Mois invalide (AAAA-MM).");
    expect((await call("GET", "/api/statements/2026-10", { cookie: anna.cookie })).status).toBe(403);
    expect((await call("GET", "/api/statements/2026-10/csv", { cookie: anna.cookie })).status).toBe(403);
  });

  it("is always the caller's own: another family's statement holds none of these sittings", async () => {
    const other = await newMember("parent");
    const theirs = (await call("GET", "/api/statements/2026-10", { cookie: other.cookie })).body;
    expect(theirs).toEqual({ month: "2026-10", sitters: [], minutes: 0, amount_cents: 0 });
    const csv = String((await call("GET", "/api/statements/2026-10/csv", { cookie: other.cookie })).body);
    expect(csv.trim().split("\r\n")).toHaveLength(1);
  });
});

describe("the year", () => {
  it("adds up its months and estimates the tax credit within the ceiling", async () => {
    const answer = await call("GET", "/api/statements/years/2026", { cookie: parent.cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      year: "2026",
      minutes: 690,
      amount_cents: 18450,
      children: 1,
      ceiling_cents: 1_350_000,
      tax_credit_cents: 9225,
    });
    expect(answer.body.sitters).toHaveLength(2);
    expect((await call("GET", "/api/statements/years/26", { cookie: parent.cookie })).status).toBe(400);
  });
});
