// The hydrating render of the pre-rendered /search must draw what its HTML shows: no result. The
// page's search is asked before hydration (prefetchSearch), so its answer can already be in the
// cache when that render runs; useSearchBabysitters shows nothing of it until the page has read its
// URL (`ready`). Drawn with React's server renderer, which reads the cache as the hydration does.
import { QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test } from "vitest";
import type { SearchResult } from "@db/validators/search";
import { searchQueryOptions, useSearchBabysitters } from "@web/features/search/api/search-babysitters";
import { queryClient } from "@web/lib/query-client";

afterEach(() => queryClient.clear());

function Probe({ ready }: { ready: boolean }) {
  const results = useSearchBabysitters({}, ready);
  return createElement("p", null, results.data ? `${results.data.total} found` : results.status);
}

const drawn = (ready: boolean) =>
  renderToString(createElement(QueryClientProvider, { client: queryClient }, createElement(Probe, { ready })));

test("until the page has read its URL the search shows nothing, even with its answer in the cache", () => {
  queryClient.setQueryData(searchQueryOptions({}).queryKey, { total: 3 } as SearchResult);
  expect(drawn(false)).toBe("<p>pending</p>");
  expect(drawn(true)).toBe("<p>3 found</p>");
});
