// GET /api/admin/geography: per city over the period, the ranking's page (searched, sorted), the
// map's cities by the chosen metric and the top-5 lists. The figures on screen stay while the next
// ones load (no blank map or table between two choices).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminGeography, GeographyQuery } from "@db/validators/admin-geography";
import { client, unwrap } from "@web/lib/api-client";
import { geographyList } from "../list-params";

export const adminGeographyKeys = {
  query: (query: GeographyQuery) => ["admin-geography", query] as const,
};

export const getAdminGeography = (query: GeographyQuery): Promise<AdminGeography> =>
  unwrap(client.api.admin.geography.$get({ query: geographyList.toParams(query) }));

export const useAdminGeography = (query: GeographyQuery) =>
  useQuery({
    queryKey: adminGeographyKeys.query(query),
    queryFn: () => getAdminGeography(query),
    placeholderData: keepPreviousData,
  });
