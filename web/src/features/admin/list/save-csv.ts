// A console list's CSV export (UTF-8 with a BOM, every row the filters match, not just the page on
// screen), saved under the name the server gives in content-disposition. Through the typed client,
// like an invoice's PDF (lib/download-invoice.ts), so it carries the session whichever way the app runs.
import { unwrap } from "@web/lib/api-client";
import { saveBlob } from "@web/lib/download-invoice";

/** The file name of `attachment; filename="..."`. */
function fileNameOf(response: Response, fallback: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallback;
}

/**
 * Saves the file an export request answers and resolves with its name (null when the desktop app's
 * save dialog was cancelled); rejects (ApiError with the server's message) when refused.
 * `pending` is the typed client's call, e.g. `client.api.admin.users.export.$get({ query })`.
 */
export async function saveCsv(
  pending: Promise<{ ok: boolean; json(): Promise<unknown> }>,
  fallbackName: string,
): Promise<string | null> {
  const response = (await pending) as unknown as Response;
  // A refusal carries the JSON error body: unwrap turns it into the ApiError with its message.
  if (!response.ok) await unwrap(pending);
  const fileName = fileNameOf(response, fallbackName);
  return (await saveBlob(await response.blob(), fileName)) ? fileName : null;
}
