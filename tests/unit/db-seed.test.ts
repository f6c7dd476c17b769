// The demo world on a real libSQL file, through the same path as the CLI (scripts/seed.ts).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "better-auth/crypto";
import { runSeed } from "../../scripts/seed";
import { DEMO_AGENCY, DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../db/seed/demo-accounts";
import { buildDemoWorld } from "../../db/seed/build-world";
import { BOOKING_STATUSES, LANGUAGES, SPECIALTIES, type Language, type Specialty } from "../../db/schema/enums";
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from "../../db/seed/french-content";
import type { SeedSummary } from "../../db/seed/index";
import { createTempDb, type TempDb } from "./helpers/temp-db";

let temp: TempDb;
let summary: SeedSummary;

const rows = async (sql: string) => (await temp.client.execute(sql)).rows;
const scalar = async (sql: string) => Number((await rows(sql))[0][0]);
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ','now')";

beforeAll(async () => {
  temp = await createTempDb("seed");
  const result = await runSeed({ url: temp.url });
  if (!result.seeded) throw new Error("expected a fresh database to be seeded");
  summary = result.summary;
  console.log(
    `seed duration: ${summary.durationMs} ms (${summary.babysitters} sitters, ${summary.counts.bookings} bookings, ${summary.counts.messages} messages), then ${summary.photos} avatars stored in ${summary.photosMs} ms`,
  );
  // Starting workerd for the photo bucket takes seconds of its own on a busy machine.
}, 180_000);

afterAll(() => temp.cleanup());

describe("demo world", () => {
  it("is seeded well under 15 s", () => {
    expect(summary.durationMs).toBeLessThan(15_000);
  });

  it("has at least 300 sitters across at least 10 cities, at 12-25 EUR an hour", async () => {
    expect(await scalar("SELECT count(*) FROM profiles WHERE user_type = 'babysitter'")).toBeGreaterThanOrEqual(300);
    expect(
      await scalar("SELECT count(DISTINCT city) FROM profiles WHERE user_type = 'babysitter'"),
    ).toBeGreaterThanOrEqual(10);
    const [range] = await rows(
      "SELECT min(hourly_rate_cents), max(hourly_rate_cents), count(*) FROM babysitter_profiles",
    );
    expect(Number(range[0])).toBeGreaterThanOrEqual(1200);
    expect(Number(range[1])).toBeLessThanOrEqual(2500);
    expect(Number(range[2])).toBe(await scalar("SELECT count(*) FROM profiles WHERE user_type = 'babysitter'"));
  });

  it("places sitters within a few km of their city centre", async () => {
    const far = await scalar(`
      SELECT count(*) FROM profiles p JOIN cities c ON c.name = p.city
      WHERE p.latitude IS NULL OR abs(p.latitude - c.latitude) > 0.06 OR abs(p.longitude - c.longitude) > 0.09`);
    expect(far).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM profiles WHERE user_type <> 'admin' AND phone NOT GLOB '0[67] [0-9][0-9] [0-9][0-9] [0-9][0-9] [0-9][0-9]'",
      ),
    ).toBe(0);
  });

  it("has about 100 parents, each with 1-3 children aged 0-12", async () => {
    expect(await scalar("SELECT count(*) FROM profiles WHERE user_type = 'parent'")).toBeGreaterThanOrEqual(100);
    const [kids] = await rows(
      "SELECT min(n), max(n) FROM (SELECT count(c.id) AS n FROM profiles p LEFT JOIN children c ON c.parent_id = p.id WHERE p.user_type = 'parent' GROUP BY p.id)",
    );
    expect(Number(kids[0])).toBeGreaterThanOrEqual(1);
    expect(Number(kids[1])).toBeLessThanOrEqual(3);
    expect(await scalar("SELECT max(age) FROM children")).toBeLessThanOrEqual(12);
  });

  it("has bookings in every status, completed ones only in the past, no request left pending after its start", async () => {
    const past = (await rows(`SELECT DISTINCT status FROM bookings WHERE end_time < ${NOW}`)).map((r) => r[0]);
    const future = (await rows(`SELECT DISTINCT status FROM bookings WHERE start_time > ${NOW}`)).map((r) => r[0]);
    expect(new Set(past)).toEqual(new Set(["confirmed", "completed", "cancelled"]));
    expect(new Set(future)).toEqual(new Set(["pending", "confirmed", "cancelled"]));
    expect(await scalar(`SELECT count(*) FROM bookings WHERE status = 'completed' AND end_time > ${NOW}`)).toBe(0);
    expect(await scalar(`SELECT count(*) FROM bookings WHERE status = 'pending' AND start_time <= ${NOW}`)).toBe(0);
  });

  it("says who ended each cancelled booking and why, as the status machine allows", async () => {
    const stories = await rows(
      "SELECT cancelled_by, cancel_reason, count(*) FROM bookings WHERE status = 'cancelled' GROUP BY 1, 2 ORDER BY 1",
    );
    expect(stories.map((r) => `${r[0]}/${r[1]}`)).toEqual([
      "babysitter/declined",
      "parent/cancelled",
      "system/expired",
    ]);
    for (const story of stories) expect(Number(story[2])).toBeGreaterThan(5);
    expect(
      await scalar(
        "SELECT count(*) FROM bookings WHERE status <> 'cancelled' AND (cancelled_by IS NOT NULL OR cancel_reason IS NOT NULL)",
      ),
    ).toBe(0);
    // Expired: a request nobody answered, ended by the platform at its start (the cron's 15 minutes).
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE cancel_reason = 'expired' AND (start_time > ${NOW}
        OR responded_at IS NOT NULL OR updated_at < start_time OR julianday(updated_at) - julianday(start_time) > 15.0 / 1440)`),
    ).toBe(0);
    // A refusal is the sitter's answer before the start; a parent's withdrawal is not an answer.
    expect(
      await scalar(
        "SELECT count(*) FROM bookings WHERE cancel_reason = 'declined' AND (responded_at IS NULL OR responded_at > start_time OR responded_at < created_at)",
      ),
    ).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM bookings WHERE cancel_reason = 'cancelled' AND (responded_at IS NOT NULL OR updated_at > start_time)",
      ),
    ).toBe(0);
  });

  it("prices every booking at hours x rate and never double-books a sitter", async () => {
    expect(
      await scalar(
        "SELECT count(*) FROM bookings WHERE total_amount_cents <> round(hourly_rate_cents * (julianday(end_time) - julianday(start_time)) * 24)",
      ),
    ).toBe(0);
    const overlaps = await scalar(`
      SELECT count(*) FROM bookings a JOIN bookings b ON a.babysitter_id = b.babysitter_id AND a.id < b.id
      WHERE a.status <> 'cancelled' AND b.status <> 'cancelled' AND a.start_time < b.end_time AND b.start_time < a.end_time`);
    expect(overlaps).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM bookings b WHERE NOT EXISTS (SELECT 1 FROM booking_children bc WHERE bc.booking_id = b.id)",
      ),
    ).toBe(0);
  });

  it("has conversations between booked pairs only, some unread, ids in time order", async () => {
    expect(await scalar("SELECT count(*) FROM messages")).toBeGreaterThan(500);
    expect(await scalar("SELECT count(*) FROM messages WHERE read = 0")).toBeGreaterThan(0);
    const strangers = await scalar(`
      SELECT count(*) FROM messages m WHERE NOT EXISTS (SELECT 1 FROM bookings b WHERE
        (b.parent_id = m.sender_id AND b.babysitter_id = m.recipient_id) OR (b.parent_id = m.recipient_id AND b.babysitter_id = m.sender_id))`);
    expect(strangers).toBe(0);
    expect(
      await scalar("SELECT count(*) FROM messages a JOIN messages b ON a.id < b.id AND a.created_at > b.created_at"),
    ).toBe(0);
    expect(await scalar(`SELECT count(*) FROM messages WHERE created_at > ${NOW}`)).toBe(0);
  });

  it("reviews only completed bookings, from one of their two parties", async () => {
    expect(await scalar("SELECT count(*) FROM reviews")).toBeGreaterThan(100);
    const bad = await scalar(`
      SELECT count(*) FROM reviews r JOIN bookings b ON b.id = r.booking_id WHERE b.status <> 'completed'
        OR NOT ((r.reviewer_id = b.parent_id AND r.reviewed_id = b.babysitter_id) OR (r.reviewer_id = b.babysitter_id AND r.reviewed_id = b.parent_id))
        OR r.created_at < b.end_time`);
    expect(bad).toBe(0);
    expect(
      await scalar(
        "SELECT count(*) FROM reviews r JOIN profiles p ON p.id = r.reviewer_id WHERE p.user_type = 'babysitter'",
      ),
    ).toBeGreaterThan(0);
  });

  it("keeps profiles.rating and total_reviews consistent with the stored reviews", async () => {
    const inconsistent = await scalar(`
      SELECT count(*) FROM profiles p LEFT JOIN (SELECT reviewed_id, avg(rating) AS avg, count(*) AS n FROM reviews GROUP BY reviewed_id) r
        ON r.reviewed_id = p.id
      WHERE p.total_reviews <> coalesce(r.n, 0) OR abs(p.rating - coalesce(r.avg, 0)) > 0.005`);
    expect(inconsistent).toBe(0);
    expect(
      await scalar("SELECT count(*) FROM profiles WHERE user_type = 'babysitter' AND total_reviews > 0"),
    ).toBeGreaterThan(150);
  });

  it("has subscriptions in every interesting state, invoices and the AI defaults", async () => {
    const statuses = (await rows("SELECT DISTINCT status FROM subscriptions")).map((r) => r[0]);
    for (const s of ["trialing", "active", "canceled", "past_due"]) expect(statuses).toContain(s);
    expect(
      await scalar(
        "SELECT count(*) FROM subscriptions WHERE status = 'trialing' AND (plan <> 'discovery' OR bookings_included <> 5)",
      ),
    ).toBe(0);
    expect(await scalar("SELECT count(*) FROM invoices")).toBeGreaterThan(100);
    expect(
      await scalar("SELECT count(*) FROM invoices WHERE status = 'paid' AND amount_paid_cents NOT IN (1900, 3900)"),
    ).toBe(0);
    expect(await scalar("SELECT count(*) FROM ai_config")).toBe(4);
    // The audit log holds only what happened: the services write it as they act, the seed never.
    expect(await scalar("SELECT count(*) FROM audit_events")).toBe(0);
    for (const table of ["notifications", "flagged_content", "favourites", "identity_documents", "cities"]) {
      expect(await scalar(`SELECT count(*) FROM ${table}`), table).toBeGreaterThan(0);
    }
  });

  it("has the admin and demo accounts, whose stored hash verifies DEMO_PASSWORD", async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [row] = await rows(`
        SELECT p.user_type, a.password, a.provider_id, a.account_id = u.id AS linked, u.email_verified
        FROM user u JOIN account a ON a.user_id = u.id JOIN profiles p ON p.user_id = u.id WHERE u.email = '${account.email}'`);
      expect(row, account.email).toBeDefined();
      expect(row.user_type).toBe(account.userType);
      expect(row.provider_id).toBe("credential");
      expect(row.linked).toBe(1);
      expect(row.email_verified).toBe(1);
      expect(await verifyPassword({ hash: String(row.password), password: DEMO_PASSWORD })).toBe(true);
    }
    expect(await scalar("SELECT count(*) FROM user u LEFT JOIN account a ON a.user_id = u.id WHERE a.id IS NULL")).toBe(
      0,
    );
    expect(
      await scalar("SELECT count(*) FROM user u LEFT JOIN profiles p ON p.user_id = u.id WHERE p.id IS NULL"),
    ).toBe(0);
  });

  it("has the demo agency: its manager, and a team holding the demo babysitter", async () => {
    const agency = `(SELECT id FROM agencies WHERE siren = '${DEMO_AGENCY.siren}')`;
    expect(await scalar(`SELECT count(*) FROM agency_managers WHERE agency_id = ${agency}`)).toBe(1);
    expect(
      await scalar(
        `SELECT count(*) FROM agency_managers m JOIN profiles p ON p.id = m.profile_id WHERE p.email = '${DEMO_ACCOUNTS.agency.email}' AND m.agency_id = ${agency}`,
      ),
    ).toBe(1);
    expect(await scalar(`SELECT count(*) FROM agency_members WHERE agency_id = ${agency}`)).toBe(
      DEMO_AGENCY.rosterSize + 1,
    );
    expect(
      await scalar(
        `SELECT count(*) FROM agency_members m JOIN profiles p ON p.id = m.sitter_id WHERE p.email = '${DEMO_ACCOUNTS.babysitter.email}' AND p.user_type = 'babysitter'`,
      ),
    ).toBe(1);
  });

  it("gives the demo parent children, bookings in every status with the demo sitter among others, and messages", async () => {
    const parent = `(SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.parent.email}')`;
    const sitter = `(SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.babysitter.email}')`;
    expect(await scalar(`SELECT count(*) FROM children WHERE parent_id = ${parent}`)).toBeGreaterThanOrEqual(1);
    const withSitter = (
      await rows(`SELECT DISTINCT status FROM bookings WHERE parent_id = ${parent} AND babysitter_id = ${sitter}`)
    ).map((r) => r[0]);
    expect(new Set(withSitter)).toEqual(new Set(BOOKING_STATUSES));
    expect(
      await scalar(`SELECT count(DISTINCT babysitter_id) FROM bookings WHERE parent_id = ${parent}`),
    ).toBeGreaterThan(1);
    expect(await scalar(`SELECT count(*) FROM messages WHERE recipient_id = ${parent} AND read = 0`)).toBeGreaterThan(
      0,
    );
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE babysitter_id = ${sitter} AND parent_id <> ${parent}`),
    ).toBeGreaterThan(0);
    expect(await scalar(`SELECT total_reviews FROM profiles WHERE id = ${sitter}`)).toBeGreaterThan(0);
    expect(
      await scalar(
        `SELECT count(*) FROM communication_preferences c JOIN user u ON u.id = c.user_id WHERE u.email LIKE '%@veilleuse.fr'`,
      ),
    ).toBe(3);
  });

  it("dates the sitter's answer (responded_at) of confirmed and completed bookings, between request and start", async () => {
    expect(
      await scalar(
        "SELECT count(*) FROM bookings WHERE status IN ('confirmed', 'completed') AND (responded_at IS NULL OR responded_at < created_at OR responded_at > start_time)",
      ),
    ).toBe(0);
    expect(await scalar("SELECT count(*) FROM bookings WHERE status = 'pending' AND responded_at IS NOT NULL")).toBe(0);
  });

  it("gives the demo pair a request to answer, a confirmed sitting ahead and a past one to mark completed", async () => {
    const pair = `parent_id = (SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.parent.email}')
      AND babysitter_id = (SELECT id FROM profiles WHERE email = '${DEMO_ACCOUNTS.babysitter.email}')`;
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE ${pair} AND status = 'pending' AND start_time > ${NOW}`),
    ).toBeGreaterThan(0);
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE ${pair} AND status = 'confirmed' AND start_time > ${NOW}`),
    ).toBeGreaterThan(0);
    expect(
      await scalar(`SELECT count(*) FROM bookings WHERE ${pair} AND status = 'confirmed' AND end_time < ${NOW}`),
    ).toBeGreaterThan(0);
  });

  it("does not seed twice (isDatabaseEmpty), through the function and the CLI", async () => {
    const before = await scalar("SELECT count(*) FROM profiles");
    expect(await runSeed({ url: temp.url })).toEqual({ seeded: false });
    const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["scripts/seed.ts", "--url", temp.url], {
      cwd: process.cwd(),
    });
    expect(stdout).toContain("nothing seeded");
    expect(await scalar("SELECT count(*) FROM profiles")).toBe(before);
  }, 60_000);

  it("stores an avatar for every sitter where an uploaded photo would be named", async () => {
    expect(summary.photos).toBeGreaterThanOrEqual(summary.babysitters);
    expect(
      await scalar(
        "SELECT count(*) FROM profiles WHERE user_type = 'babysitter' AND (photo_url IS NULL OR photo_url NOT GLOB '/api/photos/*-*-*-*-*.svg')",
      ),
    ).toBe(0);
    expect(await scalar("SELECT count(DISTINCT photo_url) FROM profiles WHERE photo_url IS NOT NULL")).toBe(
      await scalar("SELECT count(*) FROM profiles WHERE photo_url IS NOT NULL"),
    );
  });

  it("is deterministic for a given seed and date", () => {
    const opts = { seed: 7, nowMs: Date.UTC(2026, 5, 15, 10), passwordHash: "hash" };
    const a = buildDemoWorld(opts).rows;
    const b = buildDemoWorld(opts).rows;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(buildDemoWorld({ ...opts, seed: 8 }).rows.profiles)).not.toBe(JSON.stringify(a.profiles));
  });
});

/**
 * What a visitor reads on a sitter's page must agree with the page. The checks below read the texts
 * with their own word lists, not the generator's tables: a new sentence that claims too much fails.
 */
describe("demo texts agree with the profiles", () => {
  const world = buildDemoWorld({ seed: 20260401, nowMs: Date.UTC(2026, 10, 25, 12), passwordHash: "hash" });
  const details = new Map(world.rows.babysitterProfiles.map((d) => [d.profileId, d]));
  const sitters = world.rows.profiles
    .filter((p) => p.userType === "babysitter")
    .map((p) => ({ profile: p, details: details.get(p.id!)!, bio: p.bio ?? "" }));
  const female = new Set<string>(FEMALE_FIRST_NAMES);
  const male = new Set<string>(MALE_FIRST_NAMES);
  female.add(DEMO_ACCOUNTS.babysitter.firstName);
  const genderOf = (firstName: string) => (male.has(firstName) ? "male" : female.has(firstName) ? "female" : null);

  const word = (words: string) => new RegExp(`(?<!\\p{L})(${words})(?!\\p{L})`, "u");
  const FEMININE = word(
    "Étudiante|Non-fumeuse|Passionnée|Ponctuelle|Animatrice|Ancienne|Forte|Formée|Nouvelle|Maman|véhiculée|exceptionnelle|Sérieuse|Arrivée|la recommandons|appel à elle",
  );
  const MASCULINE = word(
    "Étudiant|Non-fumeur|Passionné|Ponctuel|Animateur|Ancien|Fort|Formé|Nouveau|Papa|véhiculé|exceptionnel|Sérieux|Arrivé|le recommandons|appel à lui",
  );

  it("has bios that agree with the sitter's gender", () => {
    expect(sitters.length).toBeGreaterThan(300);
    for (const { profile, bio } of sitters) {
      const gender = genderOf(profile.firstName);
      expect(gender, profile.firstName).not.toBeNull();
      expect(bio, `${profile.firstName} ${profile.lastName}`).not.toMatch(gender === "male" ? FEMININE : MASCULINE);
    }
    expect(sitters.filter((s) => genderOf(s.profile.firstName) === "male").length).toBeGreaterThan(20);
  });

  it("states the experience the profile states, in correct French", () => {
    for (const { profile, details: d, bio } of sitters) {
      const who = `${profile.firstName} ${profile.lastName}: ${bio}`;
      expect(bio, who).not.toMatch(/\b1 ans\b|\b([02-9]|\d{2,}) an\b/);
      const stated = [...bio.matchAll(/(?:depuis (\d+) ans?\b|(\d+) ans? d'expérience)/g)].map((m) =>
        Number(m[1] ?? m[2]),
      );
      if (d.experienceYears === 0) {
        expect(stated, who).toEqual([]);
        expect(bio, who).toMatch(/quelques mois/);
      } else {
        expect(stated, who).toEqual([d.experienceYears]);
      }
    }
  });

  const LANGUAGE_WORDS: Record<Exclude<Language, "fr">, RegExp> = {
    en: /\banglais\b/i,
    es: /\bespagnol\b/i,
    it: /\bitalien\b/i,
    de: /\ballemand\b/i,
    ar: /\barabe\b/i,
    zh: /\bchinois\b|mandarin/i,
  };
  const SPECIALTY_WORDS: Record<Specialty, RegExp> = {
    newborn: /nourrisson|bébé|nouveau-né/i,
    toddler: /tout-petit/i,
    preschool: /de maternelle|école maternelle/i,
    school_age: /sorties? d'école/i,
    teen: /adolescent|ados\b/i,
    special_needs: /autis|handicap|besoins particuliers/i,
    homework: /devoirs/i,
    creative: /activités créatives|peinture|bricolage/i,
    sports: /\bsport|ballon|vélo/i,
    cooking: /repas|cuisine|goûters/i,
    first_aid: /premiers secours/i,
    foreign_languages: /langue étrangère|découvrir la langue/i,
  };
  const CERTIFICATE_WORDS: [RegExp, string][] = [
    [/PSC1/, "PSC1"],
    [/\bSST\b/, "SST"],
    [/BAFA/, "BAFA"],
    [/CAP AEPE/, "CAP AEPE"],
    [/BPJEPS/, "BPJEPS"],
    [/auxiliaire de puériculture/i, "auxiliaire de puériculture"],
    [/éducateur de jeunes enfants/i, "éducateur de jeunes enfants"],
  ];

  it("claims only languages, specialties and certifications the profile lists", () => {
    for (const { profile, details: d, bio } of sitters) {
      const who = `${profile.firstName} ${profile.lastName}: ${bio}`;
      for (const language of LANGUAGES.filter((l) => l !== "fr"))
        if (LANGUAGE_WORDS[language].test(bio)) expect(d.languages, who).toContain(language);
      for (const specialty of SPECIALTIES)
        if (SPECIALTY_WORDS[specialty].test(bio)) expect(d.specialties, who).toContain(specialty);
      for (const [words, name] of CERTIFICATE_WORDS)
        if (words.test(bio))
          expect(
            (d.certifications ?? []).some((c) => c.includes(name)),
            who,
          ).toBe(true);
      if (/références/.test(bio)) expect(d.hasReferences, who).toBe(true);
      if (/dernière minute/.test(bio)) expect(d.emergencyAvailable, who).toBe(true);
      if ((d.specialties ?? []).includes("foreign_languages")) expect(d.languages!.length, who).toBeGreaterThan(1);
    }
  });

  it("has no profile with two reviews by the same reviewer name, and reviews agree with the sitter's gender", () => {
    const profiles = new Map(world.rows.profiles.map((p) => [p.id!, p]));
    const seen = new Set<string>();
    for (const review of world.rows.reviews) {
      const reviewer = profiles.get(review.reviewerId)!;
      const shownAs = `${review.reviewedId}|${reviewer.firstName} ${reviewer.lastName.charAt(0)}.`;
      expect(seen.has(shownAs), shownAs).toBe(false);
      seen.add(shownAs);
      const reviewed = profiles.get(review.reviewedId)!;
      if (reviewed.userType === "babysitter")
        expect(review.comment ?? "").not.toMatch(genderOf(reviewed.firstName) === "male" ? FEMININE : MASCULINE);
    }
    expect(world.rows.reviews.length).toBeGreaterThan(100);
  });

  it("gives every sitter an avatar, stored once under the key its photo_url names", () => {
    const avatars = world.photos.filter((photo) => photo.bucket !== "DOCUMENTS");
    const stored = new Map(avatars.map((photo) => [photo.key, photo]));
    expect(stored.size).toBe(avatars.length);
    for (const { profile } of sitters) {
      const key = profile.photoUrl?.replace(/^\/api\/photos\//, "") ?? "";
      const photo = stored.get(key);
      expect(photo, `${profile.firstName} ${profile.lastName}`).toBeDefined();
      expect(photo!.contentType).toBe("image/svg+xml");
      expect(photo!.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    }
    const named = new Set(world.rows.profiles.map((p) => p.photoUrl).filter(Boolean));
    for (const key of stored.keys()) expect(named.has(`/api/photos/${key}`)).toBe(true);
  });

  it("stores a PDF for every identity document whose files are kept, under the key its row names, and none for the others", () => {
    const files = new Map(world.photos.filter((photo) => photo.bucket === "DOCUMENTS").map((file) => [file.key, file]));
    const kept = world.rows.identityDocuments.filter((d) => !d.filesDeletedAt);
    expect(kept.some((d) => d.status === "pending")).toBe(true);
    expect(world.rows.identityDocuments.some((d) => d.filesDeletedAt)).toBe(true);
    expect([...files.keys()].sort()).toEqual(kept.map((d) => d.storageKey).sort());
    for (const file of files.values()) {
      expect(file.contentType).toBe("application/pdf");
      expect(file.body).toMatch(/^%PDF-1\.4\n[\s\S]*startxref\n\d+\n%%EOF\n$/);
    }
    // Every approved criminal record has its issue date and the year's expiry after it.
    for (const record of world.rows.identityDocuments.filter(
      (d) => d.kind === "criminal_record" && d.status === "approved",
    )) {
      expect(record.issuedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Date.parse(record.expiresAt!)).toBeGreaterThan(Date.parse(record.issuedOn!));
    }
  });
});
