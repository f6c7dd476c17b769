// The Geography view's state is the URL's query string (?period=&metric=&q=&sort=&dir=&page=
// &page_size=), so a view can be bookmarked and shared; read with the server's own rule
// (geographyQuerySchema): ../list/list-params.ts says how. Only the search is a filter that
// 'Effacer les filtres' empties: the period and the metric are how one reads the figures.
import { geographyQuerySchema } from "@db/validators/admin-geography";
import { listParams } from "../list/list-params";

export const geographyList = listParams(geographyQuerySchema, ["q"]);
