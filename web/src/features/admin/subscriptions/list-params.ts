// The Subscriptions list's state is the URL's query string (?q=&status=&plan=&sort=&dir=&page=
// &page_size=), read with the server's own rule (subscriptionsQuerySchema): ../list/list-params.ts says how.
import { subscriptionsQuerySchema } from "@db/validators/admin-subscriptions";
import { listParams } from "../list/list-params";

export const subscriptionsList = listParams(subscriptionsQuerySchema, ["q", "status", "plan"]);
