// GET /api/admin/users/export: the filtered accounts as a CSV file (UTF-8 with a BOM, every row the
// filters match, not just the page on screen), saved under the name the server gives
// (utilisateurs-YYYY-MM-DD.csv). Through the typed client, like an invoice's PDF
// (lib/download-invoice.ts), so it carries the session whichever way the app runs.
import { useMutation } from "@tanstack/react-query";
import type { CsvSeparator, UsersQuery } from "@db/validators/admin-users";
import { client, unwrap } from "@web/lib/api-client";
import { saveBlob } from "@web/lib/download-invoice";
import { filtersOf, listQueryParams } from "../list-params";

const FALLBACK_FILE_NAME = "utilisateurs.csv";

/** The file name of `attachment; filename="..."`. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? FALLBACK_FILE_NAME;
}

/**
 * Saves the file and resolves with its name (null when the desktop app's save dialog was cancelled);
 * rejects (ApiError with the server's message) when refused.
 */
export async function exportUsers(query: UsersQuery, separator: CsvSeparator): Promise<string | null> {
  const pending = client.api.admin.users.export.$get({
    query: { ...listQueryParams(filtersOf(query)), separator },
  });
  const response = (await pending) as unknown as Response;
  // A refusal carries the JSON error body: unwrap turns it into the ApiError with its message.
  if (!response.ok) await unwrap(pending);
  const fileName = fileNameOf(response);
  return (await saveBlob(await response.blob(), fileName)) ? fileName : null;
}

export const useExportUsers = () =>
  useMutation({
    mutationFn: ({ query, separator }: { query: UsersQuery; separator: CsvSeparator }) => exportUsers(query, separator),
  });
