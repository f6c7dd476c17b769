// POST /api/verification/documents/{id}/links: links to one's own files, signed for a few minutes,
// asked again on every opening. The file route also wants the session: in the browser the new tab
// carries the cookie; the desktop app (a bearer token, no cookie) fetches the file itself and saves it.
import { ApiError, client, unwrap } from "@web/lib/api-client";
import { apiFetch, baseUrl } from "@web/lib/api-fetch";
import { getPlatform, isDesktop } from "@web/lib/platform";
import type { IdentityDocument } from "./get-verification";

export type DocumentSide = "front" | "back";

const linksOf = (id: string) => unwrap(client.api.verification.documents[":id"].links.$post({ param: { id } }));

/**
 * Opens a side of the document in a new tab (an image or a PDF, as the browser shows them). The tab
 * is opened during the click, before the links arrive, so no pop-up blocker stops it; it is closed
 * again if they cannot be had. Rejects with the server's ApiError (410 once the files are deleted).
 */
export async function openDocument(document: IdentityDocument, side: DocumentSide): Promise<void> {
  if (isDesktop()) return saveDocument(document, side);
  const tab = window.open("", "_blank");
  try {
    const links = await linksOf(document.id);
    const path = side === "back" ? links.back : links.front;
    if (!path) throw new ApiError(404, "NOT_FOUND", "");
    const url = `${baseUrl()}${path}`;
    if (!tab) {
      window.open(url, "_blank", "noopener");
      return;
    }
    tab.opener = null;
    tab.location.replace(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}

async function saveDocument(document: IdentityDocument, side: DocumentSide): Promise<void> {
  const links = await linksOf(document.id);
  const path = side === "back" ? links.back : links.front;
  if (!path) throw new ApiError(404, "NOT_FOUND", "");
  const response = await apiFetch(`${baseUrl()}${path}`);
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  await getPlatform().saveFile(document.file_name, new Uint8Array(await response.arrayBuffer()));
}
