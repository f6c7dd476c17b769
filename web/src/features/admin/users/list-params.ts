// The Users list's state is the URL's query string (?q=&role=&status=&verified=&plan=&sort=&dir=&page=
// &page_size=), read with the server's own rule (usersQuerySchema): ../list/list-params.ts says how.
import { usersQuerySchema } from "@db/validators/admin-users";
import { listParams } from "../list/list-params";

export const usersList = listParams(usersQuerySchema, ["q", "role", "status", "verified", "plan"]);

/** What a row's link hands the account's page: the list's query string, for its way back. */
export type UserLinkState = { listSearch: string };

/** The list as the admin left it, when she came from it; the bare list otherwise (a shared link). */
export function listPathFrom(state: unknown, listPath: string): string {
  const search = (state as Partial<UserLinkState> | null)?.listSearch;
  return typeof search === "string" && search.startsWith("?") ? `${listPath}${search}` : listPath;
}
