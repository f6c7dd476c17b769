// GET /api/stripe/download-invoice/{id}: an invoice's PDF, saved as facture-{id}.pdf. Shared by the
// payment success page and the settings' invoice list. The request goes through the typed client,
// so it carries what every API call carries (the desktop app's origin prefix and bearer token, the
// browser's session cookie); the answer is read as a blob and saved: a download in the browser, the
// system's save dialog in the desktop app.
import { ApiError, client } from "./api-client";
import { getPlatform } from "./platform";

/** An invoice's PDF is saved as facture-{id}.pdf. */
export const invoiceFileName = (invoiceId: string) => `facture-${invoiceId}.pdf`;

/** Fetches the PDF and saves it; rejects (ApiError) when the server refuses or the network fails. */
export async function downloadInvoice(invoiceId: string): Promise<void> {
  const response = (await client.api.stripe["download-invoice"][":id"].$get({
    param: { id: invoiceId },
    query: {},
  })) as unknown as Response;
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  await saveBlob(await response.blob(), invoiceFileName(invoiceId));
}

/**
 * Saves a downloaded file: the browser's download, or in the desktop app the system's save dialog
 * (through the bridge: platform.ts). False when the user cancelled the dialog.
 */
export async function saveBlob(blob: Blob, fileName: string): Promise<boolean> {
  return getPlatform().saveFile(fileName, new Uint8Array(await blob.arrayBuffer()));
}
