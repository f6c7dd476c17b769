// Composes the demo world in memory: deterministic for a given seed and "now".
import { createRng, type Rng } from "./random";
import { SEED_CITIES, type SeedCity } from "./cities";
import { DEMO_ACCOUNTS, DEMO_AGENCY } from "./demo-accounts";
import { addBabysitterDetails, addPerson, randomName, slug, type Person } from "./build-people";
import {
  addBooking,
  applyRatings,
  buildConversations,
  buildReviews,
  randomSlot,
  randomStatus,
  type ActivityContext,
  type BookingPlan,
  type Family,
  type MessageDraft,
  type SeededBooking,
} from "./build-activity";
import {
  addAiConfigDefaults,
  addFavourites,
  addFlaggedContent,
  addIdentityDocuments,
  addNotifications,
  addPreferences,
  addSubscription,
  numberInvoices,
  randomSubscriptionChoice,
} from "./build-operations";
import { ALLERGIES, CHILD_FIRST_NAMES, SPECIAL_NEEDS } from "./french-content";
import { parentBio } from "./sitter-bio";
import { avatarPhoto, hashString, type SeedPhoto } from "./avatars";
import { identityDocumentFiles } from "./document-files";
import { emptyWorld, type WorldRows } from "./world-rows";
import { DAY_MS, iso, parisDateOf } from "./paris-time";

export const SEED_SITTER_COUNT = 320;
export const SEED_PARENT_COUNT = 100;
const DEMO_EMAIL_DOMAIN = "demo.veilleuse.fr";

export type BuildOptions = { seed: number; nowMs: number; passwordHash: string };
export type BuiltWorld = {
  rows: WorldRows;
  demo: { admin: Person; parent: Person; babysitter: Person };
  /** The avatars profiles.photo_url names and the kept identity documents' files, for the buckets (scripts/seed.ts). */
  photos: SeedPhoto[];
};

/** Splits `total` across cities by weight (largest remainders), at least `min` each. */
function distribute(total: number, min: number): number[] {
  const weightSum = SEED_CITIES.reduce((s, c) => s + c.weight, 0);
  const raw = SEED_CITIES.map((c) => Math.max(min, (total * c.weight) / weightSum));
  const counts = raw.map(Math.floor);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; counts.reduce((s, c) => s + c, 0) < total; k++) counts[order[k % order.length][1]] += 1;
  return counts;
}

function addFamily(
  rows: WorldRows,
  rng: Rng,
  parent: Person,
  kids?: { name: string; age: number; allergies?: string; specialNeeds?: string }[],
): Family {
  const chosen =
    kids ??
    rng
      .pickSome(
        CHILD_FIRST_NAMES,
        1,
        rng.weighted([
          [1, 40],
          [2, 45],
          [3, 15],
        ] as const),
      )
      .map((name) => ({
        name,
        age: rng.int(0, 12),
        allergies: rng.chance(0.15) ? rng.pick(ALLERGIES) : undefined,
        specialNeeds: rng.chance(0.1) ? rng.pick(SPECIAL_NEEDS) : undefined,
      }));
  const family: Family = { parent, childIds: [], childNames: [] };
  for (const kid of chosen.sort((a, b) => b.age - a.age)) {
    const id = rng.uuid();
    rows.children.push({
      id,
      parentId: parent.profileId,
      name: kid.name,
      age: kid.age,
      allergies: kid.allergies ?? null,
      specialNeeds: kid.specialNeeds ?? null,
      createdAt: iso(parent.createdAtMs + DAY_MS),
    });
    family.childIds.push(id);
    family.childNames.push(kid.name);
  }
  return family;
}

/** Tries the plan, then nearby days on the same side of today, until the sitter and parent are free. */
function placeBooking(ctx: ActivityContext, plan: BookingPlan, tries = 6): SeededBooking | null {
  let attempt = plan;
  for (let i = 0; i < tries; i++) {
    const booking = addBooking(ctx, attempt);
    if (booking) return booking;
    const shift = ctx.rng.int(1, 4) * Math.sign(plan.dayOffset);
    attempt = { ...plan, ...randomSlot(ctx.rng), dayOffset: plan.dayOffset + shift * (i + 1) };
  }
  return null;
}

function createDemoAccounts(rows: WorldRows, rng: Rng, hash: string, nowMs: number, paris: SeedCity) {
  const { admin: a, parent: p, babysitter: b } = DEMO_ACCOUNTS;
  const admin = addPerson(rows, rng, hash, {
    userType: "admin",
    firstName: a.firstName,
    lastName: a.lastName,
    gender: "female",
    email: a.email,
    city: paris,
    createdAtMs: nowMs - 900 * DAY_MS,
  });
  const parent = addPerson(rows, rng, hash, {
    userType: "parent",
    firstName: p.firstName,
    lastName: p.lastName,
    gender: "female",
    email: p.email,
    city: paris,
    createdAtMs: nowMs - 420 * DAY_MS,
    bio: "Parents de Jules et Inès, nous cherchons régulièrement une baby-sitter le mercredi et certains soirs de semaine.",
  });
  const babysitter = addPerson(rows, rng, hash, {
    userType: "babysitter",
    firstName: b.firstName,
    lastName: b.lastName,
    gender: "female",
    email: b.email,
    city: paris,
    createdAtMs: nowMs - 600 * DAY_MS,
    isVerified: true,
  });
  addBabysitterDetails(rows, rng, babysitter, nowMs, { hourlyRateCents: 1800, experienceYears: 6 });
  const details = rows.babysitterProfiles[rows.babysitterProfiles.length - 1];
  Object.assign(details, {
    languages: ["fr", "en", "es"],
    specialties: ["toddler", "preschool", "homework", "creative", "first_aid"],
    certifications: [
      "PSC1 (Prévention et secours civiques)",
      "CAP AEPE (Accompagnant éducatif petite enfance)",
      "BAFA",
    ],
    ageGroups: ["1-2", "3-5", "6-12"],
    emergencyAvailable: true,
    hasReferences: true,
  });
  const profile = rows.profiles.find((x) => x.id === babysitter.profileId)!;
  profile.bio =
    "Titulaire du CAP AEPE et du PSC1, je garde des enfants depuis 6 ans à Paris. Aide aux devoirs, activités créatives et couchers en douceur des tout-petits : je m'adapte au rythme de chaque famille. Je parle anglais et espagnol avec les enfants qui le souhaitent.";
  return { admin, parent, babysitter };
}

/** The demo parent's bookings cover every status, past and future, mostly with the demo sitter. */
function planDemoBookings(
  ctx: ActivityContext,
  demoFamily: Family,
  demoSitter: Person,
  parisSitters: Person[],
  parisFamilies: Family[],
) {
  const forcedReviews = new Map<string, { parent?: boolean; sitter?: boolean }>();
  const evening = { startMinutes: 19 * 60, durationMinutes: 240 };
  const afterSchool = { startMinutes: 16 * 60 + 30, durationMinutes: 180 };
  const [s1, s2, s3] = parisSitters;
  const plans: [Person, number, BookingPlan["status"], typeof evening, { parent?: boolean; sitter?: boolean }?][] = [
    [demoSitter, -42, "completed", evening, { parent: true, sitter: true }],
    [demoSitter, -21, "completed", afterSchool, { parent: true, sitter: true }],
    [demoSitter, -8, "completed", evening, { sitter: true }],
    [demoSitter, -30, "cancelled", evening],
    [demoSitter, -2, "confirmed", evening],
    [demoSitter, 2, "confirmed", afterSchool],
    [demoSitter, 5, "pending", evening],
    [demoSitter, 9, "cancelled", evening],
    [s1, -60, "completed", evening, { parent: true }],
    [s2, -14, "completed", afterSchool, {}],
    [s3, -12, "pending", evening],
    [s1, 4, "confirmed", evening],
    [s2, 12, "pending", afterSchool],
  ];
  const booked: SeededBooking[] = [];
  for (const [sitter, dayOffset, status, slot, reviews] of plans) {
    const b = placeBooking(ctx, { family: demoFamily, sitter, dayOffset, status, ...slot });
    if (!b) continue;
    booked.push(b);
    if (reviews) forcedReviews.set(b.id, reviews);
  }
  // Other families book the demo sitter too: reviews to read, requests to accept.
  parisFamilies.slice(0, 6).forEach((family, i) => {
    const past = placeBooking(ctx, {
      family,
      sitter: demoSitter,
      dayOffset: -(10 + i * 9),
      status: "completed",
      ...randomSlot(ctx.rng),
    });
    if (past) {
      booked.push(past);
      forcedReviews.set(past.id, { parent: true, sitter: i % 2 === 0 });
    }
    const futureStatus = i < 3 ? "pending" : i < 5 ? "confirmed" : "cancelled";
    const future = placeBooking(ctx, {
      family,
      sitter: demoSitter,
      dayOffset: 3 + i * 2,
      status: futureStatus,
      ...randomSlot(ctx.rng),
    });
    if (future) booked.push(future);
  });
  return { booked, forcedReviews };
}

function planRandomBookings(
  ctx: ActivityContext,
  families: Family[],
  sittersByCity: Map<string, Person[]>,
): SeededBooking[] {
  const { rng } = ctx;
  const booked: SeededBooking[] = [];
  for (const family of families) {
    const local = sittersByCity.get(family.parent.city.name) ?? [];
    const regulars = rng.pickSome(local, 2, 4);
    const count = rng.int(5, 12);
    for (let i = 0; i < count; i++) {
      const sitter = rng.chance(0.8) ? rng.pick(regulars) : rng.pick(local);
      const past = rng.chance(0.72);
      const status = randomStatus(rng, past);
      // A confirmed past sitting awaits 'Marquer terminée'; an unanswered past request is recent.
      const dayOffset = past
        ? -(status === "confirmed" ? rng.int(1, 10) : status === "pending" ? rng.int(1, 20) : rng.int(1, 300))
        : rng.int(1, 35);
      const b = placeBooking(ctx, { family, sitter, dayOffset, status, ...randomSlot(rng) });
      if (b) booked.push(b);
    }
  }
  return booked;
}

/** Fresh unread messages so both demo inboxes show a badge on first sign-in. */
function demoInboxMessages(demo: BuiltWorld["demo"], otherFamily: Family | undefined, nowMs: number): MessageDraft[] {
  const drafts: MessageDraft[] = [
    {
      fromProfileId: demo.babysitter.profileId,
      toProfileId: demo.parent.profileId,
      content:
        "Bonjour Camille, je confirme ma venue mardi à 16 h 30 devant l'école. Inès a-t-elle toujours son goûter sans arachides dans le sac ?",
      atMs: nowMs - 50 * 60_000,
      unread: true,
    },
  ];
  if (otherFamily) {
    drafts.push({
      fromProfileId: otherFamily.parent.profileId,
      toProfileId: demo.babysitter.profileId,
      content: `Bonjour Léa, ${otherFamily.childNames[0]} réclame déjà sa prochaine soirée avec vous ! Seriez-vous libre vendredi prochain ?`,
      atMs: nowMs - 20 * 60_000,
      unread: true,
    });
  }
  return drafts;
}

export function buildDemoWorld({ seed, nowMs, passwordHash }: BuildOptions): BuiltWorld {
  const rng = createRng(seed);
  const rows = emptyWorld();
  const paris = SEED_CITIES[0];
  // The cities left the seed for the commune import; drawing the ids they took keeps every later
  // draw, hence the whole demo world, as it was.
  for (let i = 0; i < SEED_CITIES.length; i++) rng.uuid();

  const demo = createDemoAccounts(rows, rng, passwordHash, nowMs, paris);
  let emailCounter = 0;
  const email = (first: string, last: string) => `${slug(first)}.${slug(last)}.${++emailCounter}@${DEMO_EMAIL_DOMAIN}`;

  const sittersByCity = new Map<string, Person[]>(SEED_CITIES.map((c) => [c.name, []]));
  sittersByCity.get(paris.name)!.push(demo.babysitter);
  const sitters: Person[] = [];
  distribute(SEED_SITTER_COUNT, 9).forEach((count, cityIndex) => {
    const city = SEED_CITIES[cityIndex];
    for (let i = 0; i < count; i++) {
      const { firstName, lastName, gender } = randomName(rng, 0.86);
      const isNew = rng.chance(0.12);
      const createdAtMs = nowMs - (isNew ? rng.int(3, 25) : rng.int(330, 1000)) * DAY_MS;
      const sitter = addPerson(rows, rng, passwordHash, {
        userType: "babysitter",
        firstName,
        lastName,
        gender,
        email: email(firstName, lastName),
        city,
        createdAtMs,
        isVerified: !isNew && rng.chance(0.65),
      });
      addBabysitterDetails(rows, rng, sitter, nowMs);
      sitters.push(sitter);
      sittersByCity.get(city.name)!.push(sitter);
    }
  });

  const demoFamily = addFamily(rows, rng, demo.parent, [
    { name: "Jules", age: 6 },
    { name: "Inès", age: 3, allergies: "Arachides" },
  ]);
  const families: Family[] = [];
  distribute(SEED_PARENT_COUNT, 3).forEach((count, cityIndex) => {
    const city = SEED_CITIES[cityIndex];
    for (let i = 0; i < count; i++) {
      const { firstName, lastName, gender } = randomName(rng, 0.7);
      const createdAtMs = nowMs - rng.int(320, 900) * DAY_MS;
      // The bio's draw, where it has always been; the text waits for the children it speaks of.
      const bioRoll = rng.next();
      const parent = addPerson(rows, rng, passwordHash, {
        userType: "parent",
        firstName,
        lastName,
        gender,
        email: email(firstName, lastName),
        city,
        createdAtMs,
      });
      const family = addFamily(rows, rng, parent);
      rows.profiles.find((p) => p.id === parent.profileId)!.bio = parentBio(bioRoll, gender, family.childIds.length);
      families.push(family);
    }
  });

  const ctx: ActivityContext = { rows, rng, nowMs, todayMs: parisDateOf(nowMs), busy: new Map() };
  const parisSitters = sittersByCity
    .get(paris.name)!
    .filter((s) => s !== demo.babysitter && s.createdAtMs < nowMs - 300 * DAY_MS);
  const parisFamilies = families.filter((f) => f.parent.city === paris);
  const demoPlan = planDemoBookings(ctx, demoFamily, demo.babysitter, parisSitters, parisFamilies);
  const booked = [...demoPlan.booked, ...planRandomBookings(ctx, families, sittersByCity)];
  const demoPair = `${demo.parent.profileId}|${demo.babysitter.profileId}`;
  buildConversations(ctx, booked, new Set([demoPair]), demoInboxMessages(demo, parisFamilies[0], nowMs));
  buildReviews(ctx, booked, demoPlan.forcedReviews);
  applyRatings(rows);

  addOperations(rows, rng, nowMs, demo, sitters, families, demoFamily, parisSitters);
  numberInvoices(rows);
  // Its own random stream, after everything else: the rest of the world is drawn as it always was.
  addDemoAgency(rows, createRng(seed + 1), passwordHash, nowMs, paris, [demo.babysitter, ...parisSitters]);
  const photos = [
    ...addAvatars(rows, [demo.babysitter, ...sitters], [demo.parent, ...families.map((f) => f.parent)]),
    ...identityDocumentFiles(rows, nowMs),
  ];
  return { rows, demo, photos };
}

/** The demo agency, its manager (a demo account) and its team: the demo babysitter first. */
function addDemoAgency(rows: WorldRows, rng: Rng, hash: string, nowMs: number, paris: SeedCity, team: Person[]) {
  const { agency: m } = DEMO_ACCOUNTS;
  const createdAt = new Date(nowMs - 200 * DAY_MS).toISOString();
  const agencyId = rng.uuid();
  rows.agencies.push({
    id: agencyId,
    name: DEMO_AGENCY.name,
    siren: DEMO_AGENCY.siren,
    sapNumber: DEMO_AGENCY.sapNumber,
    contactEmail: DEMO_AGENCY.contactEmail,
    contactPhone: DEMO_AGENCY.contactPhone,
    createdAt,
    updatedAt: createdAt,
  });
  const manager = addPerson(rows, rng, hash, {
    userType: "agency",
    firstName: m.firstName,
    lastName: m.lastName,
    gender: "female",
    email: m.email,
    city: paris,
    createdAtMs: nowMs - 200 * DAY_MS,
  });
  rows.agencyManagers.push({ profileId: manager.profileId, agencyId, createdAt });
  for (const sitter of team.slice(0, DEMO_AGENCY.rosterSize + 1)) {
    rows.agencyMembers.push({ sitterId: sitter.profileId, agencyId, joinedAt: createdAt });
  }
}

/**
 * A portrait for every sitter (what a visitor sees first on the search cards) and for two parents
 * in three (the others keep the default avatar, as many real accounts do); the demo parent has one.
 */
function addAvatars(rows: WorldRows, sitters: Person[], parents: Person[]): SeedPhoto[] {
  const profiles = new Map(rows.profiles.map((p) => [p.id!, p]));
  const photos: SeedPhoto[] = [];
  const withPhoto = [
    ...sitters.map((p) => ({ person: p, mature: (p.experienceYears ?? 0) >= 10 })),
    ...parents
      .filter((p, i) => i === 0 || hashString(p.profileId) % 3 !== 0)
      .map((p) => ({ person: p, mature: false })),
  ];
  for (const { person, mature } of withPhoto) {
    const { photo, photoUrl } = avatarPhoto({ profileId: person.profileId, gender: person.gender, mature });
    profiles.get(person.profileId)!.photoUrl = photoUrl;
    photos.push(photo);
  }
  return photos;
}

function addOperations(
  rows: WorldRows,
  rng: Rng,
  nowMs: number,
  demo: BuiltWorld["demo"],
  sitters: Person[],
  families: Family[],
  demoFamily: Family,
  parisSitters: Person[],
): void {
  const { admin } = demo;
  addSubscription(rows, rng, demo.babysitter, { plan: "premium", status: "active" }, nowMs, admin);
  for (const sitter of sitters) {
    const isNew = sitter.createdAtMs > nowMs - 30 * DAY_MS;
    addSubscription(
      rows,
      rng,
      sitter,
      isNew ? { plan: "discovery", status: "trialing" } : randomSubscriptionChoice(rng),
      nowMs,
      admin,
    );
  }
  const verified = new Set(rows.profiles.filter((p) => p.isVerified).map((p) => p.id));
  addIdentityDocuments(rows, rng, demo.babysitter, true, admin, nowMs);
  sitters
    .filter((s) => verified.has(s.profileId))
    .forEach((s) => addIdentityDocuments(rows, rng, s, true, admin, nowMs));
  sitters
    .filter((s) => !verified.has(s.profileId))
    .slice(0, 12)
    .forEach((s) => addIdentityDocuments(rows, rng, s, false, admin, nowMs));

  const parents = families.map((f) => f.parent);
  addNotifications(rows, rng, demo.parent, 5, nowMs);
  addNotifications(rows, rng, demo.babysitter, 5, nowMs);
  for (const person of rng.pickSome([...sitters, ...parents], 60, 60))
    addNotifications(rows, rng, person, rng.int(1, 3), nowMs);

  addFlaggedContent(rows, rng, [...sitters, ...parents], parents, admin, nowMs);
  // No audit entries: the log holds only what happened (the services write it as they act).
  addAiConfigDefaults(rows, admin, nowMs);

  addPreferences(rows, admin);
  addPreferences(rows, demo.parent, { smsEnabled: true, bookingReminders: true });
  addPreferences(rows, demo.babysitter, { smsEnabled: true, marketingEmails: false, notifyByEmail: true });
  for (const person of rng.pickSome([...sitters, ...parents], 80, 80))
    addPreferences(rows, person, { smsEnabled: rng.chance(0.3), marketingEmails: rng.chance(0.2) });

  addFavourites(rows, demoFamily.parent, [demo.babysitter, ...parisSitters.slice(0, 3)], nowMs, rng);
  const byCity = new Map<string, Person[]>();
  for (const s of sitters) byCity.set(s.city.name, [...(byCity.get(s.city.name) ?? []), s]);
  for (const parent of rng.pickSome(parents, 45, 45))
    addFavourites(rows, parent, rng.pickSome(byCity.get(parent.city.name) ?? [], 1, 4), nowMs, rng);
}
