// /search on the seeded demo world, in French and in English: free text without accents, filters
// kept in the URL across a reload, the empty state and its reset, city suggestions, 'my position',
// the map in its own chunk under the CSP with tiles that cannot load here, and 'Voir le profil' in
// the same tab, Back returning to the results. A commune or postal code in the text box moves the
// search there, the 'Ville' box searches once its text names one commune, an unknown place is one
// message, and a name found only further away offers to widen. Expected figures come from the API,
// never hard-coded.
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/seed/demo-accounts";
import { MAP_CENTER_PARIS, SEARCH_SKELETON_CARDS } from "../../db/constants/search-filters";
import { SEARCH_DENSITY_CELLS_PER_DEGREE, SEARCH_SCAN_MAX_SITTERS } from "../../db/constants/limits";
import { blockingViolations } from "./axe";
import {
  euros,
  expect,
  newAccount,
  queryStackDb,
  registerThroughApi,
  signIn,
  smallTargets,
  test,
  toast,
  waitForApp,
  watchViolations,
  ownClientAddress,
} from "./fixtures";

// Sign-ups are limited per address: this file has one of its own (see ownClientAddress).
test.use({ extraHTTPHeaders: ownClientAddress() });

/** An amount as the page writes it in the interface language's locale ("18,50 €", "€18.50"). */
type SearchAnswer = {
  total: number;
  results: { id: string; first_name: string; last_name: string; hourly_rate_cents: number; city: string | null }[];
};

/** The API's answer for a query string, as the page would send it. */
async function searchApi(request: APIRequestContext, query: string): Promise<SearchAnswer> {
  const response = await request.get(`/api/search?${query}`);
  expect(response.status()).toBe(200);
  return response.json();
}

const LANGUAGES = {
  fr: {
    locale: "fr-FR",
    query: "Nom, ville ou présentation",
    city: "Ville ou code postal",
    filters: /Filtres avancés/,
    english: "Anglais",
    verified: "Profils vérifiés uniquement",
    maxRate: "Maximum (€/h)",
    count: /^(\d+) baby-sitters? trouvées?$/,
    none: "Aucune baby-sitter trouvée",
    emptyTitle: "Aucune baby-sitter ne correspond à votre recherche",
    reset: "Réinitialiser la recherche",
    viewProfile: (name: string) => `Voir le profil de ${name}`,
    originMarseille: "Distances mesurées depuis Marseille (13)",
    placeNotFound: "Ville ou code postal introuvable",
    loadFailed: "Les résultats n'ont pas pu être chargés.",
    retry: "Réessayer",
    wider: "Personne dans ce rayon, mais 1 baby-sitter correspond dans un rayon de 50 km.",
    widen: "Élargir à 50 km",
    verifiedBadge: "Profil vérifié",
    map: "Carte",
    mapLabel: "Carte des baby-sitters trouvées",
    tilesUnavailable: "Fond de carte indisponible : les repères restent utilisables",
    popupLink: "Voir le profil",
    originCity: "Distances mesurées depuis Lyon (69)",
    originPosition: "Distances mesurées depuis votre position",
    myPosition: "Ma position",
  },
  en: {
    locale: "en-GB",
    query: "Name, city or bio",
    city: "City or postal code",
    filters: /Advanced filters/,
    english: "English",
    verified: "Verified profiles only",
    maxRate: "Maximum (€/h)",
    count: /^(\d+) babysitters? found$/,
    none: "No babysitter found",
    emptyTitle: "No babysitter matches your search",
    reset: "Reset the search",
    viewProfile: (name: string) => `View ${name}'s profile`,
    originMarseille: "Distances measured from Marseille (13)",
    placeNotFound: "City or postal code not found",
    loadFailed: "The results could not be loaded.",
    retry: "Try again",
    wider: "Nobody within this radius, but 1 babysitter matches within 50 km.",
    widen: "Widen to 50 km",
    verifiedBadge: "Verified profile",
    map: "Map",
    mapLabel: "Map of the babysitters found",
    tilesUnavailable: "Map background unavailable: the pins still work",
    popupLink: "View profile",
    originCity: "Distances measured from Lyon (69)",
    originPosition: "Distances measured from your location",
    myPosition: "My location",
  },
} as const;

/** The results heading ('12 baby-sitters trouvées'). */
const countHeading = (page: Page, pattern: RegExp) => page.getByRole("heading", { level: 2, name: pattern });

async function shownCount(page: Page, pattern: RegExp): Promise<number> {
  const text = (await countHeading(page, pattern).textContent()) ?? "";
  return Number(text.match(pattern)?.[1]);
}

/** Console errors and uncaught exceptions, but not failed loads (the map's tiles cannot load here). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

const demoSitter = `${DEMO_ACCOUNTS.babysitter.firstName} ${DEMO_ACCOUNTS.babysitter.lastName}`;

for (const [lang, l] of Object.entries(LANGUAGES)) {
  test.describe(`search in ${lang}`, () => {
    test.use({ locale: l.locale });

    test("a name typed without accents finds the sitter, whose profile opens in the same tab; Back returns", async ({
      page,
      request,
    }) => {
      const errors = watchErrors(page);
      const [expected] = (await searchApi(request, "q=lea+dub")).results;
      expect(`${expected.first_name} ${expected.last_name}`).toBe(demoSitter);

      await page.goto("/search");
      await waitForApp(page);
      await page.getByLabel(l.query).fill("lea dub");
      await expect(page).toHaveURL(/[?&]q=lea(\+|%20)dub/);
      await expect(countHeading(page, l.count)).toBeVisible();
      const card = page.getByRole("article", { name: demoSitter });
      await expect(card).toBeVisible();
      await expect(card).toContainText(euros(expected.hourly_rate_cents, l.locale)); // the profile tests may have changed it
      // The cost after the 50 % tax credit for home employment, as an estimate.
      await expect(card.getByTestId("after-tax-credit")).toContainText(
        euros(Math.round(expected.hourly_rate_cents / 2), l.locale),
      );
      await expect(card.getByText(l.verifiedBadge)).toBeVisible();

      const resultsUrl = page.url();
      const pagesBefore = page.context().pages().length;
      await card.getByRole("link", { name: l.viewProfile(demoSitter) }).click();
      await expect(page).toHaveURL(new RegExp(`/babysitter/${expected.id}$`));
      await expect(page.getByRole("heading", { level: 1, name: demoSitter })).toBeVisible();
      expect(page.context().pages()).toHaveLength(pagesBefore); // no new tab
      await page.goBack();
      await expect(page).toHaveURL(resultsUrl);
      await expect(page.getByRole("article", { name: demoSitter })).toBeVisible();
      await expect(page.getByLabel(l.query)).toHaveValue("lea dub");
      expect(errors).toEqual([]);
    });

    test("'Lyon' typed in the text box moves the search to Lyon", async ({ page, request }) => {
      const lyon = await searchApi(request, "q=Lyon");
      expect(lyon.results.length).toBeGreaterThan(0);
      expect(lyon.results.every((sitter) => sitter.city === "Lyon")).toBe(true);
      await page.goto("/search");
      await waitForApp(page);
      await page.getByLabel(l.query).fill("Lyon");
      await expect(page.getByText(l.originCity)).toBeVisible();
      const first = lyon.results[0];
      await expect(page.getByRole("article").first()).toHaveAccessibleName(`${first.first_name} ${first.last_name}`);
      await expect(page.getByRole("article")).toHaveCount(lyon.results.length);
    });

    test("the 'Ville' box searches once its text names one commune, without Enter", async ({ page }) => {
      await page.goto("/search");
      await waitForApp(page);
      await page.getByRole("combobox", { name: l.city }).fill("Marseille");
      await expect(page).toHaveURL(/location=Marseille(&|$)/);
      await expect(page.getByText(l.originMarseille)).toBeVisible();
      await expect(page.getByRole("combobox", { name: l.city })).toBeFocused(); // still typing, if she wants
    });

    test("an unknown city is one message under its box: no error toast, no retry", async ({ page }) => {
      await page.goto("/search");
      await waitForApp(page);
      const box = page.getByRole("combobox", { name: l.city });
      await box.fill("Trifouillis-les-Oies");
      await box.press("Tab");
      await expect(page).toHaveURL(/location=Trifouillis-les-Oies/);
      await expect(page.getByText(l.placeNotFound)).toHaveCount(1);
      await expect(page.getByText(l.placeNotFound)).toBeVisible();
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(l.loadFailed)).toHaveCount(0);
      await expect(page.getByRole("button", { name: l.retry })).toHaveCount(0);
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    });

    test("a name found only further away says so, and the button widens the radius to her", async ({
      page,
      request,
    }) => {
      // A new babysitter in Vienne (about 27 km from Lyon), listed: rate, bio and availability.
      const sitter = { ...newAccount("babysitter"), city: "Vienne" };
      await registerThroughApi(request, sitter);
      const [row] = await queryStackDb("SELECT id FROM profiles WHERE email = ?", [sitter.email]);
      await queryStackDb("UPDATE profiles SET bio = 'Étudiante, disponible le mercredi.' WHERE id = ?", [row.id]);
      await queryStackDb(
        `UPDATE babysitter_profiles SET rate_chosen_at = '2026-01-01T00:00:00.000Z',
           available_hours = '{"wed":[["14:00","18:00"]]}' WHERE profile_id = ?`,
        [row.id],
      );
      const name = `${sitter.firstName} ${sitter.lastName}`;
      await page.goto(`/search?location=${encodeURIComponent("Lyon (69)")}`);
      await waitForApp(page);
      await page.getByLabel(l.query).fill(sitter.lastName);
      await expect(page.getByText(l.wider)).toBeVisible();
      await page.getByRole("button", { name: l.widen }).click();
      await expect(page).toHaveURL(/radius=50/);
      await expect(page.getByRole("article", { name })).toBeVisible();
    });

    test("filters change the count, live in the URL and survive a reload", async ({ page, request }) => {
      const all = await searchApi(request, "");
      const filtered = await searchApi(request, "maxRate=20&verifiedOnly=true&languages=en");
      expect(filtered.total).toBeGreaterThan(0);
      expect(filtered.total).toBeLessThan(all.total);

      await page.goto("/search");
      await waitForApp(page);
      await expect(countHeading(page, l.count)).toBeVisible();
      expect(await shownCount(page, l.count)).toBe(all.total);

      await page.getByRole("button", { name: l.filters }).click();
      await page.getByRole("checkbox", { name: l.english, exact: true }).check();
      await page.getByRole("checkbox", { name: l.verified }).check();
      await page.getByLabel(l.maxRate).fill("20");
      await expect(page).toHaveURL(/maxRate=20/);
      await expect(page).toHaveURL(/languages=en/);
      await expect(page).toHaveURL(/verifiedOnly=true/);
      await expect.poll(() => shownCount(page, l.count)).toBe(filtered.total);
      const cards = page.getByRole("article");
      await expect(cards).toHaveCount(filtered.results.length);
      for (const card of await cards.all()) await expect(card.getByText(l.verifiedBadge)).toBeVisible();

      await page.reload();
      await waitForApp(page);
      await expect.poll(() => shownCount(page, l.count)).toBe(filtered.total);
      await page.getByRole("button", { name: l.filters }).click();
      await expect(page.getByRole("checkbox", { name: l.english, exact: true })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: l.verified })).toBeChecked();
      await expect(page.getByLabel(l.maxRate)).toHaveValue("20");
    });

    test("a search with no result shows the empty state, whose reset brings the results back", async ({
      page,
      request,
    }) => {
      const all = await searchApi(request, "");
      await page.goto("/search?q=zzqxwv&verifiedOnly=true");
      await waitForApp(page);
      await expect(page.getByRole("heading", { level: 2, name: l.none })).toBeVisible();
      await expect(page.getByRole("heading", { name: l.emptyTitle })).toBeVisible();

      await page.getByRole("button", { name: l.reset }).click();
      await expect.poll(() => shownCount(page, l.count)).toBe(all.total);
      await expect(page.getByLabel(l.query)).toHaveValue("");
      expect(new URL(page.url()).search).toBe("");
    });

    test("the map loads in its own chunk, with a price pin per result and a note that tiles are unavailable", async ({
      page,
      request,
    }) => {
      const violations = await watchViolations(page);
      const mapFiles: string[] = [];
      page.on("request", (r) => {
        // The results' map and the Leaflet chunk it shares with the console's geography map (its
        // script and style, "map-<hash>"; "map-pin-<hash>" is an icon of the list, not the map).
        if (/\/assets\/(results-map|map)-[\w-]{8}\.(js|css)$/.test(r.url())) mapFiles.push(r.url());
      });
      const query = "location=Lyon+(69)&verifiedOnly=true";
      const expected = await searchApi(request, query);
      expect(expected.results.length).toBeGreaterThan(1);

      await page.goto(`/search?${query}`);
      await waitForApp(page);
      await expect(page.getByText(l.originCity)).toBeVisible();
      await expect(page.getByRole("article").first()).toBeVisible();
      expect(mapFiles).toEqual([]); // the list never loads the map

      await page.getByRole("button", { name: l.map }).click();
      await expect(page).toHaveURL(/view=map/);
      const map = page.getByRole("region", { name: l.mapLabel });
      const pins = map.locator(".leaflet-marker-icon");
      await expect(pins).toHaveCount(expected.results.length);
      const prices = expected.results.map((sitter) => euros(sitter.hourly_rate_cents, l.locale)).sort();
      // The longest price a pin starts with ("€14" is also the start of "€14.50").
      const priceOf = (text: string) => prices.filter((p) => text.startsWith(p)).sort((a, b) => b.length - a.length)[0];
      expect((await pins.allTextContents()).map(priceOf).sort()).toEqual(prices);
      await expect(map.getByText(l.tilesUnavailable)).toBeVisible();
      expect(mapFiles.some((file) => file.endsWith(".js"))).toBe(true);
      expect(mapFiles.some((file) => file.endsWith(".css"))).toBe(true);

      // A pin is a button: Enter opens its popup and puts the focus on the profile link.
      await pins.first().focus();
      await page.keyboard.press("Enter");
      const popupLink = map.locator(".leaflet-popup").getByRole("link", { name: l.popupLink });
      await expect(popupLink).toBeFocused();
      await expect(popupLink).toHaveAttribute("href", /^\/babysitter\/[\w-]+$/);

      expect(await violations.list()).toEqual([]);
      expect(violations.console).toEqual([]);
    });

    test("the city box suggests cities as one types 'Lyo', and the pick sets where distances start", async ({
      page,
    }) => {
      await page.goto("/search");
      await waitForApp(page);
      await page.getByRole("combobox", { name: l.city }).fill("Lyo");
      const lyon = page.getByRole("option", { name: /^Lyon \(69\)/ });
      await expect(lyon).toBeVisible();
      await lyon.click();
      await expect(page).toHaveURL(/location=Lyon(\+|%20)%2869%29/);
      await expect(page.getByText(l.originCity)).toBeVisible();
      await expect(page.getByRole("combobox", { name: l.city })).toHaveValue("Lyon (69)");
    });
  });
}

test.describe("a visitor who shares their position", () => {
  test.use({ geolocation: { latitude: 45.7578, longitude: 4.832 }, permissions: ["geolocation"] });

  test("gets distances from it, and the position in the URL", async ({ page, request }) => {
    await page.goto("/search?sort=distance");
    await waitForApp(page);
    await page.getByRole("button", { name: LANGUAGES.fr.myPosition }).first().click();
    await expect(page).toHaveURL(/lat=45\.758&lng=4\.832/);
    await expect(page.getByText(LANGUAGES.fr.originPosition)).toBeVisible();
    const nearest = (await searchApi(request, "lat=45.758&lng=4.832&sort=distance")).results[0];
    await expect(page.getByRole("article").first()).toHaveAccessibleName(`${nearest.first_name} ${nearest.last_name}`);
    expect(nearest.city).toBe("Lyon");
  });
});

test("the pre-rendered /search hydrates a shared link's search without an error", async ({ page, request }) => {
  const html = await (await request.get("/search")).text();
  expect(html).toContain('data-prerendered="/search"');
  expect(html).toMatch(/<h1[^>]*>Rechercher une baby-sitter<\/h1>/);
  const errors = watchErrors(page);
  await page.goto("/search?q=lea+dub&view=list");
  await waitForApp(page);
  await expect(page.getByRole("article", { name: demoSitter })).toBeVisible();
  await expect(page.getByLabel(LANGUAGES.fr.query)).toHaveValue("lea dub");
  expect(errors).toEqual([]);
});

test("a shared link's search and the session are each asked once, as the page starts, before it is live", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const asked: { path: string; live: boolean }[] = [];
    (window as unknown as { __asked: typeof asked }).__asked = asked;
    const fetchFromPage = window.fetch;
    window.fetch = (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      asked.push({ path: url.pathname, live: document.getElementById("root")?.hasAttribute("data-live") ?? false });
      return fetchFromPage(input, init);
    };
  });
  await page.goto("/search?q=lea+dub&view=list");
  await expect(page.getByRole("article", { name: demoSitter })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const asked = await page.evaluate(
    () => (window as unknown as { __asked: { path: string; live: boolean }[] }).__asked,
  );
  const to = (path: string) => asked.filter((call) => call.path === path);
  expect(to("/api/search")).toEqual([{ path: "/api/search", live: false }]);
  expect(to("/api/auth/get-session")).toEqual([{ path: "/api/auth/get-session", live: false }]);
});

test("a signed-in parent gets the same public search", async ({ page, request }) => {
  const all = await searchApi(request, "");
  await signIn(page, DEMO_ACCOUNTS.parent.email, DEMO_ACCOUNTS.parent.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/search");
  await waitForApp(page);
  await expect.poll(() => shownCount(page, LANGUAGES.fr.count)).toBeGreaterThanOrEqual(all.total);
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("while the search runs it shows 6 skeleton cards; a failed search gives a toast and a retry", async ({ page }) => {
  let failing = true;
  let releaseAnswer = () => {};
  const answered = new Promise<void>((release) => (releaseAnswer = release));
  await page.route(/\/api\/search(\?|$)/, async (route) => {
    if (!failing) return route.fallback();
    await answered;
    await route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "" } } });
  });
  await page.goto("/search");
  await waitForApp(page);
  await expect(page.getByTestId("search-skeleton-card")).toHaveCount(SEARCH_SKELETON_CARDS);
  await expect(page.getByRole("status", { name: "Chargement des baby-sitters…" })).toBeVisible();

  releaseAnswer();
  await expect(toast(page, "Erreur lors du chargement des résultats")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Résultats indisponibles" })).toBeVisible();
  failing = false;
  await page.getByRole("button", { name: "Réessayer" }).click();
  await expect(page.getByRole("article").first()).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("every target of /search, filters open, is at least 24 px, and names contain the text shown", async ({
    page,
  }) => {
    await page.goto("/search");
    await waitForApp(page);
    await expect(page.getByRole("article").first()).toBeVisible();
    await page.getByRole("button", { name: LANGUAGES.fr.filters }).click();
    await page.getByRole("combobox", { name: LANGUAGES.fr.city }).fill("Lyon");
    expect(await smallTargets(page)).toEqual([]);
    const mismatches = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("#main a[aria-label], #main button[aria-label]")]
        .map((element) => ({ shown: element.innerText.trim(), name: element.getAttribute("aria-label") ?? "" }))
        .filter(({ shown, name }) => shown && !name.toLowerCase().includes(shown.toLowerCase())),
    );
    expect(mismatches).toEqual([]);
  });
});

test("axe finds no serious or critical violation on /search: list, filters, suggestions and map", async ({ page }) => {
  // Three axe passes (the list, the filters with their suggestions, the map) are most of its time.
  test.setTimeout(90_000);
  const blocking = async () => (await blockingViolations(page)).blocking;
  await page.goto("/search");
  await waitForApp(page);
  await expect(page.getByRole("article").first()).toBeVisible();
  expect(await blocking()).toEqual([]);

  await page.getByRole("button", { name: LANGUAGES.fr.filters }).click();
  await page.getByRole("combobox", { name: LANGUAGES.fr.city }).fill("Lyo");
  await expect(page.getByRole("option").first()).toBeVisible();
  expect(await blocking()).toEqual([]);

  await page.getByRole("button", { name: LANGUAGES.fr.map }).click();
  await expect(page.locator(".leaflet-marker-icon").first()).toBeVisible();
  expect(await blocking()).toEqual([]);
});

test("the filters panel is drawn when first opened; a rate typed just before closing it still searches", async ({
  page,
}) => {
  const l = LANGUAGES.fr;
  await page.goto("/search");
  await waitForApp(page);
  await expect(page.getByLabel(l.maxRate)).toHaveCount(0); // not drawn with the page
  const toggle = page.getByRole("button", { name: l.filters });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await page.getByLabel(l.maxRate).fill("15");
  await toggle.click(); // closed before the typing pause has passed
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByLabel(l.maxRate)).toBeHidden();
  await expect(page).toHaveURL(/maxRate=15/);
  await toggle.click();
  await expect(page.getByLabel(l.maxRate)).toHaveValue("15");
});

test("where sitters are too many to score them all, the page says the nearest were searched, and within what radius", async ({
  page,
  request,
}) => {
  // A crowd 2 km east of Paris, as central Paris holds at a million sitters: written into the
  // per-cell counts a search reads before its query (migration 0021).
  const paris = MAP_CENTER_PARIS;
  const east = paris.longitude + 2 / (111.195 * Math.cos((paris.latitude * Math.PI) / 180));
  const cell = [paris.latitude, east].map((degrees) => Math.floor(degrees * SEARCH_DENSITY_CELLS_PER_DEGREE));
  await queryStackDb(
    `INSERT INTO search_density (cell_lat, cell_lng, sitters) VALUES (?, ?, ?)
     ON CONFLICT (cell_lat, cell_lng) DO UPDATE SET sitters = sitters + excluded.sitters`,
    [...cell, SEARCH_SCAN_MAX_SITTERS],
  );
  try {
    // The API's answer: the radius it searched (that of the crowd's cell), nobody beyond it.
    const answer = (await searchApi(request, "")) as SearchAnswer & {
      narrowed: { radius: number } | null;
      results: { distance_km: number }[];
    };
    const radius = answer.narrowed!.radius;
    expect(radius).toBeGreaterThan(1);
    expect(radius).toBeLessThan(3.5);
    for (const card of answer.results) expect(card.distance_km).toBeLessThanOrEqual(radius);

    await page.goto("/");
    await waitForApp(page);
    await page.getByRole("main").getByRole("link", { name: "Rechercher une baby-sitter" }).first().click();
    await page.waitForURL("**/search");
    await expect(page.getByTestId("search-narrowed")).toHaveText(
      `Beaucoup de baby-sitters par ici : voici les plus proches, à moins de ${radius.toLocaleString("fr-FR")} km.`,
    );
    await expect.poll(() => shownCount(page, LANGUAGES.fr.count)).toBe(answer.total);
  } finally {
    await queryStackDb("UPDATE search_density SET sitters = sitters - ? WHERE cell_lat = ? AND cell_lng = ?", [
      SEARCH_SCAN_MAX_SITTERS,
      ...cell,
    ]);
    await queryStackDb("DELETE FROM search_density WHERE sitters <= 0");
  }
  expect(((await searchApi(request, "")) as SearchAnswer & { narrowed: unknown }).narrowed).toBeNull();
});
