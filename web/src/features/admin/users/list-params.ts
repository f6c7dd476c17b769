// The Users list's state is the URL's query string (?q=&role=&status=&verified=&plan=&sort=&dir=&page=
// &page_size=), read with the server's own rule (usersQuerySchema): ../list/list-params.ts says how.
import { usersQuerySchema } from "@db/validators/admin-users";
import { listParams } from "../list/list-params";

export const usersList = listParams(usersQuerySchema, ["q", "role", "status", "verified", "plan"]);
