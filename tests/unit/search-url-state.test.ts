// The search page's URL state (web/src/features/search/search-params.ts): what it sends is only
// what the API knows, with values the API accepts; changes start again at page 1; resets keep what
// they should. And the line that explains a rank names only strong parts.
import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  API_PARAMS,
  apiParams,
  DEFAULTS,
  CLEAR_FILTERS,
  CLEAR_SEARCH,
  csv,
  rateRangeInverted,
  readSearch,
  readParam,
  readView,
  toggled,
  withUpdates,
} from "@web/features/search/search-params";
import { matchReasons, scorePercent } from "@web/features/search/match-reasons";
import { searchQuerySchema } from "@db/validators/search";

const url = (query: string) => new URLSearchParams(query);

describe("apiParams", () => {
  it("keeps the API's parameters and drops the page's own and unknown ones", () => {
    expect(apiParams(url("q=lea&view=map&utm_source=mail&languages=fr,en&verifiedOnly=true&maxRate=20"))).toEqual({
      q: "lea",
      languages: "fr,en",
      verifiedOnly: "true",
      maxRate: "20",
    });
  });

  it("drops values the API would refuse, so a hand-edited link still searches", () => {
    const params = apiParams(url("radius=900&minRating=9&languages=fr,xx&sort=cheapest&page=0&q=%20%20&maxRate=abc"));
    expect(params).toEqual({});
    expect(searchQuerySchema.safeParse(params).success).toBe(true);
  });

  it("leaves out a maximum rate below the minimum (the API refuses the pair)", () => {
    expect(apiParams(url("minRate=15&maxRate=12"))).toEqual({ minRate: "15" });
    expect(apiParams(url("minRate=12&maxRate=12"))).toEqual({ minRate: "12", maxRate: "12" });
    expect(rateRangeInverted({ minRate: "20", maxRate: "9.5" })).toBe(true);
    expect(rateRangeInverted({ minRate: "20" })).toBe(false);
  });

  it("sends a position only as both coordinates", () => {
    expect(apiParams(url("lat=45.764&lng=4.836"))).toEqual({ lat: "45.764", lng: "4.836" });
    expect(apiParams(url("lat=45.764"))).toEqual({});
    expect(apiParams(url("lat=95&lng=4.8"))).toEqual({});
  });

  it("gives one query key for the same search, whatever the URL's order", () => {
    expect(JSON.stringify(apiParams(url("maxRate=20&q=lea")))).toBe(JSON.stringify(apiParams(url("q=lea&maxRate=20"))));
  });

  it("always passes the API's own schema", () => {
    const params = apiParams(
      url("q=a&location=Lyon&radius=25&minRate=12&maxRate=18.5&minRating=4&experience=1-3,5%2B"),
    );
    expect(searchQuerySchema.parse(params)).toMatchObject({ radius: 25, minRate: 12, experience: ["1-3", "5+"] });
  });
});

/** Raw values around every rule of the schema's fields: bounds, coercion, lists, case, blanks. */
const CORPUS = [
  "0",
  "1",
  "-1",
  "0.5",
  "1.5",
  "4.9",
  "5",
  "5.1",
  "10",
  "12",
  "18.5",
  "25",
  "45.764",
  "-0",
  "1e1",
  "0x10",
  "+3",
  "3.",
  ".5",
  "50",
  "51",
  "90",
  "90.1",
  "-90",
  "-180",
  "180.5",
  "499",
  "500",
  "501",
  "1000",
  "1001",
  "Infinity",
  "-Infinity",
  "NaN",
  "abc",
  "true",
  "false",
  "True",
  "1,2",
  "fr",
  "fr,en",
  "fr,,en",
  ",",
  "fr,xx",
  "FR",
  "0-12m,13+",
  "1-3,5+",
  "bilingual",
  "relevance",
  "price",
  "cheapest",
  " Lyon ",
  "a".repeat(100),
  "a".repeat(101),
  ` ${"b".repeat(100)} `,
];

describe("the URL reader agrees with the API's schema", () => {
  it("knows the schema's parameters, in its order", () => {
    expect(API_PARAMS).toEqual(Object.keys(searchQuerySchema.shape));
  });

  it.each(API_PARAMS)("%s: accepts what the schema accepts and reads the same value", (key) => {
    for (const raw of CORPUS) {
      const parsed = searchQuerySchema.shape[key].safeParse(raw);
      expect({ raw, value: readParam(key, raw) }).toEqual({ raw, value: parsed.success ? parsed.data : undefined });
    }
  });

  it("has the schema's defaults", () => {
    expect(DEFAULTS).toEqual(searchQuerySchema.parse({}));
  });

  it("reads a whole search as the schema does", () => {
    const query =
      "q=%20lea%20&lat=45.7&lng=4.8&radius=25&minRate=12&maxRate=18.5&languages=fr,en&emergency=true&page=3";
    expect(readSearch(url(query))).toEqual(searchQuerySchema.parse(apiParams(url(query))));
  });
});

describe("readSearch and readView", () => {
  it("give the controls the schema's values and defaults", () => {
    const search = readSearch(url("languages=en&availableToday=true"));
    expect(search).toMatchObject({ languages: ["en"], availableToday: true, radius: 10, sort: "relevance", page: 1 });
    expect(readView(url("view=map"))).toBe("map");
    expect(readView(url("view=globe"))).toBe("list");
  });
});

describe("withUpdates", () => {
  it("sets and removes parameters, and starts again at page 1 when the results change", () => {
    const next = withUpdates(url("q=lea&page=3&view=map"), { verifiedOnly: "true", q: null });
    expect(next.toString()).toBe("view=map&verifiedOnly=true");
  });

  it("keeps the page for a page change or a view change", () => {
    expect(withUpdates(url("q=a"), { page: "2" }).get("page")).toBe("2");
    expect(withUpdates(url("q=a&page=2"), { view: "map" }).get("page")).toBe("2");
  });

  it("leaves defaults out of the URL", () => {
    expect(withUpdates(url("radius=20&sort=price"), { radius: "10", sort: "relevance" }).toString()).toBe("");
  });

  it("resets the filters only, or the whole search but the position, sort and view", () => {
    const full = url("q=lea&location=Lyon&lat=45.7&lng=4.8&radius=20&languages=fr&minRating=4&sort=price&view=map");
    expect(withUpdates(full, CLEAR_FILTERS).toString()).toBe(
      "q=lea&location=Lyon&lat=45.7&lng=4.8&sort=price&view=map",
    );
    expect(withUpdates(full, CLEAR_SEARCH).toString()).toBe("lat=45.7&lng=4.8&sort=price&view=map");
  });
});

describe("filter helpers", () => {
  it("count the advanced filters that are set", () => {
    expect(activeFilterCount(url("q=a&languages=fr,en&verifiedOnly=true&emergency=false&radius=30"))).toBe(3);
    expect(activeFilterCount(url("q=a&sort=price"))).toBe(0);
  });

  it("toggle a value in a list parameter", () => {
    expect(csv(toggled(["fr"], "en", true))).toBe("fr,en");
    expect(csv(toggled(["fr", "en"], "fr", false))).toBe("en");
    expect(csv(toggled(["fr"], "fr", false))).toBeNull();
    expect(toggled(["fr"], "fr", true)).toEqual(["fr"]);
  });
});

describe("matchReasons", () => {
  const parts = { profile: 0.5, location: 0.9, availability: 0.8, rating: 0.95, price: 0.3 };

  it("names the two strongest parts, strongest first", () => {
    expect(matchReasons({ match_parts: parts, total_reviews: 12 })).toEqual(["rating", "location"]);
  });

  it("never praises a rating without reviews, nor a weak part", () => {
    expect(matchReasons({ match_parts: parts, total_reviews: 0 })).toEqual(["location"]);
    expect(matchReasons({ match_parts: { ...parts, availability: 1 }, total_reviews: 0 })).toEqual([
      "availability",
      "location",
    ]);
    expect(
      matchReasons({ match_parts: { ...parts, location: 0.2, availability: 0.1, rating: 0.6 }, total_reviews: 3 }),
    ).toEqual([]);
  });

  it("shows the score as a whole percentage within 0-100", () => {
    expect([scorePercent(86.6), scorePercent(140), scorePercent(-2)]).toEqual([87, 100, 0]);
  });
});
