// GET /api/stripe/download-invoice/{id}: an invoice's PDF, saved as facture-{id}.pdf. Shared by the
// payment success page and the settings' invoice list. The request goes through the typed client,
// so it carries what every API call carries (the desktop app's origin prefix and bearer token, the
// browser's session cookie); the answer is read as a blob and handed to an <a download>, which
// works the same in the browser and in Electron.
import { ApiError, client } from "./api-client";

/** An invoice's PDF is saved as facture-{id}.pdf. */
export const invoiceFileName = (invoiceId: string) => `facture-${invoiceId}.pdf`;

/** Fetches the PDF and saves it; rejects (ApiError) when the server refuses or the network fails. */
export async function downloadInvoice(invoiceId: string): Promise<void> {
  const response = (await client.api.stripe["download-invoice"][":id"].$get({
    param: { id: invoiceId },
    query: {},
  })) as unknown as Response;
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  saveBlob(await response.blob(), invoiceFileName(invoiceId));
}

/** Hands a downloaded file to the browser (or Electron) as a saved file. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is released once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
