// The Users list as CSV: exactly the rows the same filters show on screen, in the same order, every
// one of them (no cap), read page by page as the file streams out. The export itself is audited
// (who exported which filters) before the first byte leaves.
import type { Db } from "@db/client";
import type { AdminUserRow, UsersExportQuery } from "@db/validators/admin-users";
import { csvStream } from "../../lib/csv";
import { translate, type Lang } from "../../lib/i18n";
import { recordAudit } from "../audit/audit";
import { filteredUserRows, type AdminContext } from "./users";

/** Rows read per query while the file streams. */
const EXPORT_PAGE_ROWS = 1000;

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

function cellsOf(row: AdminUserRow, lang: Lang): (string | null)[] {
  const word = (key: string) => translate(lang, key);
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

export async function exportUsersCsv(
  db: Db,
  admin: AdminContext,
  query: UsersExportQuery,
  lang: Lang,
): Promise<{ name: string; stream: ReadableStream<Uint8Array> }> {
  const { separator, ...filters } = query;
  await recordAudit(db, admin.actor, admin.origin, {
    action: "admin.export",
    resource: "export:users",
    metadata: { filters },
  });
  let offset = 0;
  const nextPage = async () => {
    const rows = await filteredUserRows(db, filters, EXPORT_PAGE_ROWS, offset);
    offset += rows.length;
    return rows.map((row) => cellsOf(row, lang));
  };
  const header = COLUMNS.map((column) => translate(lang, `admin.users.csv.${column}`));
  const day = new Date().toISOString().slice(0, 10);
  return { name: `utilisateurs-${day}.csv`, stream: csvStream(header, separator, nextPage) };
}
