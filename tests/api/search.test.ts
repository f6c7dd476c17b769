// GET /api/search and GET /api/cities on the real Worker. The sitters these tests create live around
// Aurillac, Rodez and Mende (Massif central), far from the seeded world's cities, so every
// assertion about who is found, and how many, concerns only them.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { AI_CONFIG_DEFAULTS } from "../../db/constants/ai-config";
import { PLAN_SEARCH_BOOST } from "../../db/constants/plans";
import { READ_LIMITS, SEARCH_SCAN_MAX_SITTERS } from "../../db/constants/limits";
import { SEARCH_PAGE_SIZE } from "../../db/constants/search-query";
import { cellCentre, densityCell } from "../../edge/services/search/density";
import { haversineKm } from "../../edge/services/search/search-sql";
import {
  call,
  cookieFrom,
  execute,
  fromAddress,
  freshAddress,
  inOneReadWindow,
  inRounds,
  newMember,
  queryRows,
  signUp,
  uniqueEmail,
  validRegistration,
} from "./helpers";

type Card = {
  id: string;
  featured: boolean;
  first_name: string;
  distance_km: number;
  hourly_rate_cents: number;
  rating: number;
  plan: keyof typeof PLAN_SEARCH_BOOST;
  match_score: number;
  match_parts: Record<string, number>;
  availability: Record<string, boolean>;
};

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const parisWeekday = () =>
  new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", weekday: "short" })
    .format(new Date())
    .slice(0, 3)
    .toLowerCase() as (typeof WEEKDAYS)[number];
const today = parisWeekday();
const anotherDay = WEEKDAYS[(WEEKDAYS.indexOf(today) + 3) % 7];
/** "24:00" ends after any "HH:MM" of today. */
const EVERY_DAY = Object.fromEntries(WEEKDAYS.map((d) => [d, [["00:00", "24:00"]]]));
const NOT_TODAY = { [anotherDay]: [["18:00", "22:00"]] };

type SitterSpec = {
  first: string;
  last: string;
  /** Kilometres north and east of the centre; null: no coordinates. */
  at: { north: number; east: number } | null;
  centre: { latitude: number; longitude: number };
  city: string;
  rate: number;
  rating: number;
  verified?: boolean;
  languages?: string[];
  specialties?: string[];
  ageGroups?: string[];
  experience?: number;
  emergency?: boolean;
  references?: boolean;
  hours?: object;
  plan?: "discovery" | "standard" | "premium";
  visibility?: "public" | "members" | "hidden";
  bio?: string | null;
  photo?: string | null;
  /** False: the sign-up's default rate, never saved by her. */
  rateChosen?: boolean;
};

const KM_PER_DEGREE = (6371 * Math.PI) / 180;
const place = (spec: SitterSpec) =>
  spec.at && {
    latitude: spec.centre.latitude + spec.at.north / KM_PER_DEGREE,
    longitude:
      spec.centre.longitude + spec.at.east / (KM_PER_DEGREE * Math.cos((spec.centre.latitude * Math.PI) / 180)),
  };

/** The attributes no sign-up form carries, written straight into the test database. */
async function describeSitter(profileId: string, spec: SitterSpec) {
  const point = place(spec);
  await execute(
    `UPDATE profiles SET latitude = ?, longitude = ?, rating = ?, is_verified = ?, profile_visibility = ?, bio = ?, photo_url = ?
     WHERE id = ?`,
    [
      point?.latitude ?? null,
      point?.longitude ?? null,
      spec.rating,
      spec.verified ? 1 : 0,
      spec.visibility ?? "public",
      // Listed (edge/services/search/listing.ts) unless a test says otherwise: a presentation, her availability
      // and a rate of her own.
      spec.bio === undefined ? "Garde d'enfants à domicile." : spec.bio,
      spec.photo ?? null,
      profileId,
    ],
  );
  await execute(
    `UPDATE babysitter_profiles SET hourly_rate_cents = ?, languages = ?, specialties = ?, age_groups = ?,
       experience_years = ?, emergency_available = ?, has_references = ?, available_hours = ?, subscription_plan = ?,
       rate_chosen_at = ?
     WHERE profile_id = ?`,
    [
      spec.rate * 100,
      JSON.stringify(spec.languages ?? ["fr"]),
      JSON.stringify(spec.specialties ?? []),
      JSON.stringify(spec.ageGroups ?? []),
      spec.experience ?? 0,
      spec.emergency ? 1 : 0,
      spec.references ? 1 : 0,
      JSON.stringify(spec.hours ?? NOT_TODAY),
      spec.plan ?? "discovery",
      spec.rateChosen === false ? null : new Date().toISOString(),
      profileId,
    ],
  );
}

/** A babysitter registered through the API, then given its search attributes. */
async function registerSitter(spec: SitterSpec): Promise<string> {
  const email = uniqueEmail("sitter");
  const registered = await signUp(
    validRegistration({
      user_type: "babysitter",
      first_name: spec.first,
      last_name: spec.last,
      email,
      city: spec.city,
    }),
  );
  expect(registered.status).toBe(200);
  const [row] = await queryRows("SELECT id FROM profiles WHERE email = ?", [email]);
  const id = String(row.id);
  await describeSitter(id, spec);
  return id;
}

/** Many sitters at once (pagination, twins): the rows a sign-up makes, inserted directly. */
async function insertSitter(spec: SitterSpec): Promise<string> {
  const userId = randomUUID();
  const profileId = randomUUID();
  const email = uniqueEmail("bulk");
  const now = Date.now();
  await execute(
    "INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?)",
    [userId, `${spec.first} ${spec.last}`, email, String(now), String(now)],
  );
  await execute(
    "INSERT INTO profiles (id, user_id, user_type, first_name, last_name, email, city) VALUES (?, ?, 'babysitter', ?, ?, ?, ?)",
    [profileId, userId, spec.first, spec.last, email, spec.city],
  );
  await execute("INSERT INTO babysitter_profiles (profile_id, hourly_rate_cents) VALUES (?, 1500)", [profileId]);
  await describeSitter(profileId, spec);
  return profileId;
}

const communeCentre = async (inseeCode: string) => {
  const [row] = await queryRows("SELECT latitude, longitude FROM cities WHERE insee_code = ?", [inseeCode]);
  return { latitude: Number(row.latitude), longitude: Number(row.longitude) };
};

const search = (query: string, headers: Record<string, string> = {}) =>
  call("GET", `/api/search?${query}`, { headers: { ...fromAddress(freshAddress()), ...headers } });

const idsOf = (body: { results: Card[] }) => body.results.map((card) => card.id);

let aurillac: { latitude: number; longitude: number };
const S: Record<"helene" | "bastien" | "chloe" | "damien" | "emilie" | "fanny" | "gaston", string> = {
  helene: "",
  bastien: "",
  chloe: "",
  damien: "",
  emilie: "",
  fanny: "",
  gaston: "",
};
/** Around Aurillac, what a signed-out visitor may find within 10 km. */
let nearAurillac: string[];

beforeAll(async () => {
  aurillac = await communeCentre("15014");
  const base = { centre: aurillac, city: "Aurillac" };
  S.helene = await registerSitter({
    ...base,
    first: "Hélène",
    last: "Vialard",
    at: { north: 1, east: 0 },
    rate: 12,
    rating: 4.8,
    verified: true,
    languages: ["fr", "en"],
    specialties: ["newborn", "homework"],
    ageGroups: ["0-12m", "1-2"],
    experience: 6,
    emergency: true,
    references: true,
    hours: EVERY_DAY,
    bio: "Puéricultrice diplômée, passionnée de musique et de comptines.",
    photo: "https://example.org/helene.jpg",
  });
  S.bastien = await registerSitter({
    ...base,
    first: "Bastien",
    last: "Roussel",
    at: { north: 0, east: 3 },
    rate: 20,
    rating: 3.5,
    languages: ["fr", "es"],
    specialties: ["sports"],
    ageGroups: ["6-12", "13+"],
    experience: 2,
    hours: NOT_TODAY,
    plan: "premium",
  });
  S.chloe = await registerSitter({
    ...base,
    first: "Chloé",
    last: "Mercier",
    at: { north: -6, east: 0 },
    rate: 15,
    rating: 4.2,
    verified: true,
    languages: ["fr", "de"],
    specialties: ["creative", "homework"],
    ageGroups: ["3-5"],
    experience: 4,
    emergency: true,
    hours: EVERY_DAY,
    plan: "standard",
  });
  S.damien = await registerSitter({
    ...base,
    first: "Damien",
    last: "Fabre",
    at: { north: 0, east: -20 },
    rate: 10,
    rating: 5,
    verified: true,
  });
  S.emilie = await registerSitter({
    ...base,
    first: "Émilie",
    last: "Garnier",
    at: { north: 2, east: 0 },
    rate: 14,
    rating: 4,
    visibility: "members",
  });
  S.fanny = await registerSitter({
    ...base,
    first: "Fanny",
    last: "Cachée",
    at: { north: 0, east: 2 },
    rate: 14,
    rating: 4,
    visibility: "hidden",
  });
  S.gaston = await registerSitter({ ...base, first: "Gaston", last: "Sanscoord", at: null, rate: 14, rating: 4 });
  nearAurillac = [S.helene, S.bastien, S.chloe];
}, 120_000);

describe("free text", () => {
  it.each([
    ["helene", ["helene"]],
    ["Hélène", ["helene"]],
    ["HELENE vialard", ["helene"]],
    ["hél", ["helene"]],
    ["puericultrice", ["helene"]],
    ["comptine", ["helene"]],
    ["chloe", ["chloe"]],
  ] as const)(
    "%s finds the sitters whose name or bio holds it, accents aside and while typing",
    async (q, expected) => {
      const answer = await search(`location=Aurillac&q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      expect(new Set(idsOf(answer.body))).toEqual(new Set(expected.map((name) => S[name])));
    },
  );

  it("matches the city, and finds nothing for a word nobody has", async () => {
    const city = await search("location=Aurillac&q=aurillac");
    expect(new Set(idsOf(city.body))).toEqual(new Set(nearAurillac));
    const none = await search("location=Aurillac&q=zygomatique");
    expect(none.body).toMatchObject({ total: 0, results: [] });
  });
});

describe("where", () => {
  it("measures from a typed city, within the radius (default 10 km), sitters without coordinates left out", async () => {
    const answer = await search("location=Aurillac");
    expect(answer.status).toBe(200);
    expect(answer.body.origin).toEqual({ ...aurillac, source: "location", label: "Aurillac (15)" });
    expect(new Set(idsOf(answer.body))).toEqual(new Set(nearAurillac));
    expect(answer.body.total).toBe(3);
    const byId = Object.fromEntries(answer.body.results.map((c: Card) => [c.id, c]));
    expect(byId[S.helene].distance_km).toBeCloseTo(1, 1);
    expect(byId[S.bastien].distance_km).toBeCloseTo(3, 1);
    expect(byId[S.chloe].distance_km).toBeCloseTo(6, 1);
  });

  it("widens and narrows with the radius", async () => {
    expect(new Set(idsOf((await search("location=Aurillac&radius=25")).body))).toEqual(
      new Set([...nearAurillac, S.damien]),
    );
    expect(idsOf((await search("location=Aurillac&radius=2")).body)).toEqual([S.helene]);
  });

  it("takes the browser's position first", async () => {
    const damien = {
      latitude: aurillac.latitude,
      longitude: aurillac.longitude - 20 / (KM_PER_DEGREE * Math.cos((aurillac.latitude * Math.PI) / 180)),
    };
    const answer = await search(`lat=${damien.latitude}&lng=${damien.longitude}&radius=5&location=Lyon`);
    expect(answer.body.origin).toEqual({ ...damien, source: "position", label: null });
    expect(idsOf(answer.body)).toEqual([S.damien]);
  });

  it.each(["15000", "aurillac", "AURILLAC (15)", "15000 Aurillac"])("geocodes %s", async (location) => {
    const answer = await search(`location=${encodeURIComponent(location)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.origin.label).toBe("Aurillac (15)");
  });

  it("defaults to Paris without position nor location", async () => {
    const answer = await search("");
    expect(answer.status).toBe(200);
    expect(answer.body.origin).toEqual({ latitude: 48.8566, longitude: 2.3522, source: "default", label: null });
    expect(answer.body.total).toBeGreaterThan(0);
    expect(idsOf(answer.body)).not.toContain(S.helene);
  });

  it.each([
    ["fr", "Ville ou code postal introuvable"],
    ["en", "City or postal code not found"],
  ])("refuses an unknown place in %s, never a silent Paris", async (lang, message) => {
    for (const location of ["Trifouillis-les-Oies", "00000"]) {
      const answer = await search(`location=${encodeURIComponent(location)}`, { "accept-language": lang });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: "LOCATION_NOT_FOUND", message, field: "location" });
    }
  });
});

describe("where sitters are too many to score them all", () => {
  it("searches the nearest ones, within the radius that holds SEARCH_SCAN_MAX_SITTERS, and says which", async () => {
    // A crowd 4.5 km west of Aurillac, as the centre of a big city holds at a million sitters:
    // written into the per-cell counts the search reads first (migration 0021).
    const crowd = {
      latitude: aurillac.latitude,
      longitude: aurillac.longitude - 4.5 / (KM_PER_DEGREE * Math.cos((aurillac.latitude * Math.PI) / 180)),
    };
    const cell = [densityCell(crowd.latitude), densityCell(crowd.longitude)];
    const centre = cellCentre({ cell_lat: cell[0], cell_lng: cell[1] });
    const radius = Math.floor(haversineKm(aurillac, centre) * 10) / 10;
    await execute(
      `INSERT INTO search_density (cell_lat, cell_lng, sitters) VALUES (?, ?, ?)
       ON CONFLICT (cell_lat, cell_lng) DO UPDATE SET sitters = sitters + excluded.sitters`,
      [...cell, SEARCH_SCAN_MAX_SITTERS],
    );
    try {
      const answer = await search("location=Aurillac");
      expect(answer.status).toBe(200);
      expect(answer.body.narrowed).toEqual({ radius });
      // Hélène (1 km) and Bastien (3 km) are within it, Chloé (6 km) beyond: the count is theirs.
      expect(new Set(idsOf(answer.body))).toEqual(new Set([S.helene, S.bastien]));
      expect(answer.body.total).toBe(2);
      // A circle that does not reach the crowd is searched whole.
      const small = await search("location=Aurillac&radius=2");
      expect(small.body.narrowed).toBeNull();
      expect(idsOf(small.body)).toEqual([S.helene]);
    } finally {
      await execute("UPDATE search_density SET sitters = sitters - ? WHERE cell_lat = ? AND cell_lng = ?", [
        SEARCH_SCAN_MAX_SITTERS,
        ...cell,
      ]);
      await execute("DELETE FROM search_density WHERE sitters <= 0");
    }
    expect((await search("location=Aurillac")).body.narrowed).toBeNull();
  });
});

describe("a place typed in the text box ('Nom, ville ou présentation')", () => {
  it("moves the search to a commune named there, from Paris to Lyon", async () => {
    for (const q of ["Lyon", "lyon", "LYON (69)"]) {
      const answer = await search(`q=${encodeURIComponent(q)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.origin).toMatchObject({ source: "location", label: "Lyon (69)" });
      expect(answer.body.total).toBeGreaterThan(0);
      for (const card of answer.body.results as Card[]) expect(card.distance_km).toBeLessThanOrEqual(10);
    }
    const marseille = await search("q=Marseille");
    expect(marseille.body.origin.label).toBe("Marseille (13)");
    expect(marseille.body.total).toBeGreaterThan(0);
  });

  it("takes a postal code, and searches the other words in names and bios", async () => {
    const byCode = await search("q=15000");
    expect(byCode.body.origin.label).toBe("Aurillac (15)");
    expect(new Set(idsOf(byCode.body))).toEqual(new Set(nearAurillac));
    for (const q of ["hélène 15000", "Hélène Aurillac", "puericultrice aurillac", "15000 Aurillac helene"]) {
      const answer = await search(`q=${encodeURIComponent(q)}`);
      expect(answer.body.origin.label, q).toBe("Aurillac (15)");
      expect(idsOf(answer.body), q).toEqual([S.helene]);
    }
  });

  it("wins over the 'Ville' box and the position, which an unknown place no longer blocks", async () => {
    const answer = await search(`q=aurillac&location=Lyon&lat=48.85&lng=2.35`);
    expect(answer.body.origin.label).toBe("Aurillac (15)");
    expect((await search("q=aurillac&location=Trifouillis-les-Oies")).status).toBe(200);
  });

  it("keeps a babysitter's name first when it is also a commune's and she is near (Riom)", async () => {
    const mende = await communeCentre("48095"); // away from the Aurillac sitters other tests count
    const riom = await registerSitter({
      centre: mende,
      city: "Mende",
      first: "Odile",
      last: "Riom",
      at: { north: -1, east: 1 },
      rate: 15,
      rating: 4,
    });
    const near = await search("location=Mende&q=riom");
    expect(near.body.origin.label).toBe("Mende (48)");
    expect(idsOf(near.body)).toEqual([riom]);
    const elsewhere = await search("q=riom");
    expect(elsewhere.body.origin.label).toBe("Riom (63)");
    expect(idsOf(elsewhere.body)).not.toContain(riom);
  });

  it("leaves words that only name a small commune inside longer text as words (cours de piano)", async () => {
    const answer = await search("location=Aurillac&q=cours%20de%20piano");
    expect(answer.body.origin.label).toBe("Aurillac (15)");
  });
});

describe("nobody nearby for a name", () => {
  it("says how many the widest radius would find", async () => {
    const answer = await search("location=Aurillac&q=damien");
    expect(answer.body).toMatchObject({ total: 0, results: [], wider: { radius: 50, total: 1 } });
    const widened = await search("location=Aurillac&q=damien&radius=50");
    expect(idsOf(widened.body)).toEqual([S.damien]);
    expect(widened.body.wider).toBeNull();
    expect((await search("location=Aurillac&q=zygomatique")).body.wider).toBeNull();
    expect((await search("location=Aurillac&q=helene")).body.wider).toBeNull();
  });
});

describe("filters", () => {
  it.each([
    ["minRate=13", ["bastien", "chloe"]],
    ["maxRate=16", ["helene", "chloe"]],
    ["minRate=14.5&maxRate=15.5", ["chloe"]],
    ["minRating=4", ["helene", "chloe"]],
    ["availableToday=true", ["helene", "chloe"]],
    ["availableToday=false", ["helene", "bastien", "chloe"]],
    ["verifiedOnly=true", ["helene", "chloe"]],
    ["languages=es", ["bastien"]],
    ["languages=de,es", ["bastien", "chloe"]],
    ["specialties=homework", ["helene", "chloe"]],
    ["specialties=first_aid", [] as const],
    ["ageGroups=3-5", ["chloe"]],
    ["ageGroups=13%2B,0-12m", ["helene", "bastien"]],
    ["experience=5%2B", ["helene"]],
    ["experience=1-3", ["bastien"]],
    ["experience=0-1,3-5", ["chloe"]],
    ["emergency=true", ["helene", "chloe"]],
    ["references=true", ["helene"]],
    ["verifiedOnly=true&languages=en&emergency=true", ["helene"]],
  ] as const)("%s", async (filters, expected) => {
    const answer = await search(`location=Aurillac&${filters}`);
    expect(answer.status).toBe(200);
    expect(new Set(idsOf(answer.body))).toEqual(new Set(expected.map((name) => S[name])));
    expect(answer.body.total).toBe(expected.length);
  });
});

describe("a babysitter who has just registered", () => {
  const BABYSITTER_TAB = {
    hourly_rate_cents: 1700,
    experience_years: 2,
    languages: ["fr"],
    specialties: [],
    certifications: [],
    age_groups: [],
    available_hours: {},
    emergency_available: false,
    has_references: false,
  };

  it("is listed once she chose her rate, wrote a presentation and gave her availability, not before", async () => {
    // A last name of her own (letters only, as names are): the search below finds her alone.
    const letters = [...Date.now().toString(26)].map((c) => String.fromCharCode(97 + parseInt(c, 26))).join("");
    const sitter = await newMember("babysitter", { city: "Brest", last_name: `Kerlis${letters}` });
    const lastName = String((await queryRows("SELECT last_name FROM profiles WHERE id = ?", [sitter.profileId]))[0][0]);
    const found = async () => {
      const answer = await search(`location=Brest&q=${encodeURIComponent(lastName)}`);
      expect(answer.status).toBe(200);
      return answer.body.results.find((c: Card) => c.id === sitter.profileId) as Card | undefined;
    };
    const listing = async () => (await call("GET", "/api/search/listing", { cookie: sitter.cookie })).body;
    const inSitemap = async () => String((await call("GET", "/sitemap.xml")).body).includes(sitter.profileId);

    expect(await found()).toBeUndefined();
    expect(await listing()).toEqual({ listed: false, missing: ["rate", "bio", "availability"] });

    // Her rate saved (the tab's form), still no bio nor availability: not listed.
    const saved = await call("PUT", "/api/profile/babysitter", { cookie: sitter.cookie, json: BABYSITTER_TAB });
    expect(saved.status).toBe(200);
    expect(await listing()).toEqual({ listed: false, missing: ["bio", "availability"] });
    expect(await found()).toBeUndefined();

    const me = (await call("GET", "/api/profile", { cookie: sitter.cookie })).body.profile;
    const withBio = await call("PATCH", "/api/profile", {
      cookie: sitter.cookie,
      json: {
        first_name: me.first_name,
        last_name: me.last_name,
        phone: me.phone,
        city: me.city,
        bio: "Étudiante à Brest.",
      },
    });
    expect(withBio.status).toBe(200);
    expect(await listing()).toEqual({ listed: false, missing: ["availability"] });
    expect(await found()).toBeUndefined();
    expect(await inSitemap()).toBe(false);

    const hours = { ...BABYSITTER_TAB, available_hours: { wed: [["14:00", "18:00"]] } };
    expect((await call("PUT", "/api/profile/babysitter", { cookie: sitter.cookie, json: hours })).status).toBe(200);
    expect(await listing()).toEqual({ listed: true, missing: [] });
    const card = await found();
    expect(card?.distance_km).toBeLessThan(1);
    expect(card?.hourly_rate_cents).toBe(1700);
    expect(await inSitemap()).toBe(true);
  });

  it("has never chosen the sign-up's default rate; saving the tab again keeps the first choice's date", async () => {
    const sitter = await newMember("babysitter");
    const chosenAt = async () =>
      (
        await queryRows("SELECT rate_chosen_at FROM babysitter_profiles WHERE profile_id = ?", [sitter.profileId])
      )[0][0];
    expect(await chosenAt()).toBeNull();
    await call("PUT", "/api/profile/babysitter", { cookie: sitter.cookie, json: BABYSITTER_TAB });
    const first = await chosenAt();
    expect(first).not.toBeNull();
    await call("PUT", "/api/profile/babysitter", {
      cookie: sitter.cookie,
      json: { ...BABYSITTER_TAB, experience_years: 3 },
    });
    expect(await chosenAt()).toBe(first);
  });

  it("tells only a babysitter her listing", async () => {
    expect((await call("GET", "/api/search/listing")).status).toBe(401);
    const parent = await newMember("parent");
    expect((await call("GET", "/api/search/listing", { cookie: parent.cookie })).status).toBe(403);
  });
});

describe("visibility", () => {
  it("hides members-only profiles from visitors and hidden ones from everybody", async () => {
    const visitor = await search("location=Aurillac&radius=4");
    expect(new Set(idsOf(visitor.body))).toEqual(new Set([S.helene, S.bastien]));

    const parent = validRegistration();
    expect((await signUp(parent)).status).toBe(200);
    const signedIn = await call("POST", "/api/auth/sign-in/email", {
      json: { email: parent.email, password: parent.password },
      headers: fromAddress(freshAddress()),
    });
    expect(signedIn.status).toBe(200);
    const member = await search("location=Aurillac&radius=4", { cookie: cookieFrom(signedIn.headers) });
    expect(new Set(idsOf(member.body))).toEqual(new Set([S.helene, S.bastien, S.emilie]));
    expect(idsOf(member.body)).not.toContain(S.fanny);

    expect((await search("location=Aurillac&q=cachee", { cookie: cookieFrom(signedIn.headers) })).body.total).toBe(0);
    expect((await search("location=Aurillac&q=sanscoord")).body.total).toBe(0);
  });
});

describe("ranking", () => {
  it("orders by the score each card shows (match score plus the plan's boost), each card explaining it", async () => {
    const answer = await search("location=Aurillac");
    const cards: Card[] = answer.body.results;
    const shown = cards.map((c) => c.match_score);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    const w = AI_CONFIG_DEFAULTS.matching;
    for (const card of cards) {
      for (const part of Object.values(card.match_parts)) expect(part).toBeGreaterThanOrEqual(0);
      for (const part of Object.values(card.match_parts)) expect(part).toBeLessThanOrEqual(1);
      const p = card.match_parts;
      const total = w.weightProfile + w.weightLocation + w.weightAvailability + w.weightRating + w.weightPrice;
      const expected =
        (100 *
          (w.weightProfile * p.profile +
            w.weightLocation * p.location +
            w.weightAvailability * p.availability +
            w.weightRating * p.rating +
            w.weightPrice * p.price)) /
        total;
      expect(card.match_score).toBeCloseTo(Math.min(100, expected + PLAN_SEARCH_BOOST[card.plan]), 0);
      expect(card.featured).toBe(PLAN_SEARCH_BOOST[card.plan] > 0);
    }
    const helene = cards.find((c) => c.id === S.helene)!;
    expect(helene.match_parts).toMatchObject({ availability: 1, price: 1, rating: 0.96 });
    expect(helene.availability).toMatchObject({
      available_today: true,
      weekends: true,
      weekdays: true,
      evenings: true,
    });
    const bastien = cards.find((c) => c.id === S.bastien)!;
    expect(bastien.match_parts).toMatchObject({ availability: 0.5, price: 0, rating: 3.5 / 5 });
  });

  it.each([
    ["distance", (c: Card) => c.distance_km, 1],
    ["price", (c: Card) => c.hourly_rate_cents, 1],
    ["rating", (c: Card) => c.rating, -1],
  ] as const)("sorts by %s", async (sort, key, direction) => {
    const answer = await search(`location=Aurillac&radius=25&sort=${sort}`);
    const values = answer.body.results.map(key);
    expect(values.length).toBe(4);
    expect(values).toEqual([...values].sort((a: number, b: number) => direction * (a - b)));
  });

  it("lifts a paid plan among matching sitters only", async () => {
    const mende = await communeCentre("48095");
    const twin = { centre: mende, city: "Mende", rate: 15, rating: 4.5, languages: ["fr"], at: { north: 1, east: 1 } };
    const free = await insertSitter({ ...twin, first: "Jumelle", last: "Gratuite" });
    const premium = await insertSitter({ ...twin, first: "Jumelle", last: "Premium", plan: "premium" });
    const both = await search("location=Mende&q=jumelle");
    expect(idsOf(both.body)).toEqual([premium, free]);
    // The lift is in the score shown, and the card says where it comes from.
    const [lifted, plain] = both.body.results as Card[];
    expect(lifted.match_score - plain.match_score).toBeCloseTo(PLAN_SEARCH_BOOST.premium, 0);
    expect([lifted.featured, plain.featured]).toEqual([true, false]);

    await execute('UPDATE babysitter_profiles SET languages = \'["fr","it"]\' WHERE profile_id = ?', [free]);
    const italian = await search("location=Mende&q=jumelle&languages=it");
    expect(idsOf(italian.body)).toEqual([free]);
  });

  it("follows the AI configuration's weights (ai_config, group matching)", async () => {
    const [saved] = await queryRows(`SELECT value FROM ai_config WHERE "group" = 'matching'`, []);
    const setWeights = (weights: Record<string, number>) =>
      execute(
        `INSERT INTO ai_config ("group", value) VALUES ('matching', ?)
         ON CONFLICT ("group") DO UPDATE SET value = excluded.value`,
        [JSON.stringify({ ...AI_CONFIG_DEFAULTS.matching, ...weights })],
      );
    const only = (part: string) => ({
      weightProfile: 0,
      weightLocation: 0,
      weightAvailability: 0,
      weightRating: 0,
      weightPrice: 0,
      [part]: 1,
    });
    try {
      await setWeights(only("weightLocation"));
      expect(idsOf((await search("location=Aurillac")).body)).toEqual([S.helene, S.bastien, S.chloe]);
      await setWeights(only("weightPrice"));
      expect(idsOf((await search("location=Aurillac")).body)).toEqual([S.helene, S.chloe, S.bastien]);
      await setWeights({ ...only("weightLocation"), maxDistance: 2 });
      const far = (await search("location=Aurillac")).body.results as Card[];
      expect(far.find((c) => c.id === S.chloe)?.match_parts.location).toBe(0);
    } finally {
      if (saved) await execute(`UPDATE ai_config SET value = ? WHERE "group" = 'matching'`, [String(saved.value)]);
      else await execute(`DELETE FROM ai_config WHERE "group" = 'matching'`, []);
    }
  });
});

describe("pages", () => {
  let rodezSitters: string[];
  beforeAll(async () => {
    const rodez = await communeCentre("12202");
    rodezSitters = [];
    for (let i = 0; i < SEARCH_PAGE_SIZE + 2; i++)
      rodezSitters.push(
        await insertSitter({
          centre: rodez,
          city: "Rodez",
          first: "Page",
          last: `Numéro${i}`,
          at: { north: i * 0.3, east: 0 },
          rate: 12 + i,
          rating: 4,
        }),
      );
  });

  it("gives SEARCH_PAGE_SIZE results a page, the total of all, and nothing twice", async () => {
    const first = await search("location=Rodez&sort=distance");
    const second = await search("location=Rodez&sort=distance&page=2");
    const beyond = await search("location=Rodez&sort=distance&page=3");
    expect(first.body).toMatchObject({ total: SEARCH_PAGE_SIZE + 2, page: 1, page_size: SEARCH_PAGE_SIZE });
    expect(first.body.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(second.body).toMatchObject({ total: SEARCH_PAGE_SIZE + 2, page: 2 });
    expect([...idsOf(first.body), ...idsOf(second.body)]).toEqual(rodezSitters);
    expect(beyond.body).toMatchObject({ total: SEARCH_PAGE_SIZE + 2, page: 3, results: [] });
  });
});

describe("bad queries", () => {
  it.each([
    ["languages=fr,xx", "languages.1", "Format invalide"],
    ["specialties=cuisine", "specialties.0", "Format invalide"],
    ["radius=0", "radius", "Rayon invalide (1-50 km)"],
    ["radius=51", "radius", "Rayon invalide (1-50 km)"],
    ["radius=abc", "radius", "Rayon invalide (1-50 km)"],
    ["minRating=6", "minRating", "Note minimale invalide (1-5)"],
    ["lat=100&lng=2", "lat", "Latitude invalide"],
    ["lat=45", "lat", "Position incomplète : latitude et longitude sont requises ensemble"],
    ["minRate=20&maxRate=10", "maxRate", "Le tarif minimum doit être inférieur ou égal au tarif maximum"],
    ["sort=cheapest", "sort", "Format invalide"],
    ["verifiedOnly=yes", "verifiedOnly", "Format invalide"],
    ["page=0", "page", "Numéro de page invalide"],
    [`q=${"a".repeat(101)}`, "q", "Maximum 100 caractères autorisés"],
  ])("%s is a 400 naming %s", async (query, field, message) => {
    const answer = await search(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: "VALIDATION", field, message });
  });

  it("refuses an unknown parameter, in English too", async () => {
    const answer = await search("location=Aurillac&color=blue", { "accept-language": "en" });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toEqual({ code: "UNKNOWN_FIELD", message: "Unknown field: color", field: "color" });
    const radius = await search("radius=51", { "accept-language": "en" });
    expect(radius.body.error.message).toBe("Invalid radius (1-50 km)");
  });
});

describe("per-address limit", () => {
  it("lets one address search READ_LIMITS.searchPerAddress times in its minute, then answers 429 until the next", async () => {
    const { maxRequests, periodSeconds } = READ_LIMITS.searchPerAddress;
    const address = fromAddress(freshAddress());
    await inOneReadWindow(periodSeconds, 20_000);
    const passed = await inRounds(maxRequests, () => search("location=Aurillac&radius=1", address));
    expect(passed.map(({ status }) => status)).toEqual(Array(maxRequests).fill(200));
    const refused = await search("location=Aurillac&radius=1", address);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(periodSeconds);
    expect((await search("location=Aurillac&radius=1")).status).toBe(200);
  });
});

describe("GET /api/cities", () => {
  const suggest = (q: string, address = freshAddress()) =>
    call("GET", `/api/cities?q=${encodeURIComponent(q)}`, { headers: fromAddress(address) });

  it("suggests communes by the start of their name, accents and case aside, most populous first", async () => {
    const answer = await suggest("auri");
    expect(answer.status).toBe(200);
    expect(answer.body.suggestions[0]).toEqual({
      name: "Aurillac",
      postal_code: "15000",
      department: "15",
      ...aurillac,
    });
    const saint = await suggest("st-etienne");
    expect(saint.body.suggestions[0]).toMatchObject({ name: "Saint-Étienne", department: "42" });
    expect(saint.body.suggestions.length).toBeLessThanOrEqual(8);
  });

  it("suggests by postal code", async () => {
    const answer = await suggest("1500");
    expect(answer.body.suggestions[0]).toMatchObject({ name: "Aurillac", postal_code: "15000" });
    const paris = await suggest("75011");
    expect(paris.body.suggestions).toEqual([expect.objectContaining({ name: "Paris", postal_code: "75011" })]);
  });

  it("answers an empty list for nothing known, a 400 for no text", async () => {
    expect((await suggest("xqzw")).body).toEqual({ suggestions: [] });
    const empty = await suggest(" ");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: "VALIDATION", field: "q" });
  });

  it("limits one address to READ_LIMITS.citySuggestionsPerAddress in a minute", async () => {
    const address = freshAddress();
    const { maxRequests, periodSeconds } = READ_LIMITS.citySuggestionsPerAddress;
    await inOneReadWindow(periodSeconds, 20_000);
    const passed = await inRounds(maxRequests, () => suggest("lyon", address));
    expect(passed.map(({ status }) => status)).toEqual(Array(maxRequests).fill(200));
    const refused = await suggest("lyon", address);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
    expect((await suggest("lyon")).status).toBe(200);
  });
});
