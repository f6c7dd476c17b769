// GET /api/admin/subscriptions/export: the filtered plans as a CSV file (every row the filters match,
// not just the page on screen), saved under the name the server gives.
import type { SubscriptionsQuery } from "@db/validators/admin-subscriptions";
import type { CsvSeparator } from "@db/validators/admin-users";
import { client } from "@web/lib/api-client";
import { saveCsv } from "../../list/save-csv";
import { subscriptionsList } from "../list-params";

/** Saves the file and resolves with its name (null: the desktop app's save dialog was cancelled). */
export const exportSubscriptions = (query: SubscriptionsQuery, separator: CsvSeparator): Promise<string | null> =>
  saveCsv(
    client.api.admin.subscriptions.export.$get({ query: { ...subscriptionsList.exportParams(query), separator } }),
    "abonnements.csv",
  );
