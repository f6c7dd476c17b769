// The Users list as CSV: exactly the rows the same filters show on screen, in the same order, every
// one of them (no cap), read page by page as the file streams out, each page starting after the
// previous one's last row (keyset). The export itself is audited (who exported which filters) before
// the first byte leaves.
import type { Db } from "@db/client";
import type { UsersExportQuery } from "@db/validators/admin-users";
import type { Lang } from "../../lib/i18n";
import { auditedCsvExport, EXPORT_PAGE_ROWS, wordsOf, type CsvFile } from "./csv-export";
import { userRowsAfter, type AdminContext, type UserCsvRow } from "./users";

const COLUMNS = [
  "id",
  "firstName",
  "lastName",
  "email",
  "phone",
  "city",
  "role",
  "status",
  "verified",
  "plan",
  "createdAt",
] as const;

function cellsOf(row: UserCsvRow, word: (key: string) => string): (string | null)[] {
  return [
    row.id,
    row.first_name,
    row.last_name,
    row.email,
    row.phone,
    row.city,
    word(`admin.users.roles.${row.role}`),
    word(`admin.users.statuses.${row.status}`),
    word(row.verified ? "admin.users.yes" : "admin.users.no"),
    row.plan ? word(`admin.users.plans.${row.plan}`) : "",
    row.created_at,
  ];
}

/** `pageRows`: rows read per query (a test makes it small). */
export function exportUsersCsv(
  db: Db,
  admin: AdminContext,
  query: UsersExportQuery,
  lang: Lang,
  pageRows = EXPORT_PAGE_ROWS,
): Promise<CsvFile> {
  const { separator, ...filters } = query;
  const word = wordsOf(lang);
  return auditedCsvExport<UserCsvRow>(
    db,
    admin,
    lang,
    {
      section: "users",
      fileName: "utilisateurs",
      filters,
      separator,
      headerKeys: COLUMNS.map((column) => `admin.users.csv.${column}`),
      page: (limit, after) => userRowsAfter(db, filters, limit, after),
      cells: (row) => cellsOf(row, word),
    },
    Date.now(),
    pageRows,
  );
}
