// GET /api/admin/users/export: the filtered accounts as a CSV file (every row the filters match, not
// just the page on screen), saved under the name the server gives (utilisateurs-YYYY-MM-DD.csv).
import type { CsvSeparator, UsersQuery } from "@db/validators/admin-users";
import { client } from "@web/lib/api-client";
import { saveCsv } from "../../list/save-csv";
import { usersList } from "../list-params";

/** Saves the file and resolves with its name (null: the desktop app's save dialog was cancelled). */
export const exportUsers = (query: UsersQuery, separator: CsvSeparator): Promise<string | null> =>
  saveCsv(
    client.api.admin.users.export.$get({ query: { ...usersList.exportParams(query), separator } }),
    "utilisateurs.csv",
  );
