// POST /api/verification/documents/{id}/links: the document's files at addresses signed for this
// admin, a few minutes long (each request is audited as a consultation). Asked afresh each time the
// document's page opens (kept no longer than the page: gcTime 0), and again when a PDF's link is
// followed after its time. 410 once the files were deleted, 30 days after the decision. The file
// route wants the session too: in the browser an <img> or a new tab carries the cookie; the desktop
// app (a bearer token, no cookie) fetches the bytes itself (fetchFile).
import { useQuery } from "@tanstack/react-query";
import type { DocumentLinksDto } from "@db/validators/verification";
import { ApiError, client, unwrap } from "@web/lib/api-client";
import { apiFetch, baseUrl } from "@web/lib/api-fetch";
import { adminVerificationKeys } from "./keys";

export type DocumentLinks = DocumentLinksDto;

export const documentLinks = (documentId: string): Promise<DocumentLinksDto> =>
  unwrap(client.api.verification.documents[":id"].links.$post({ param: { id: documentId } }));

export const useDocumentLinks = (documentId: string, enabled: boolean) =>
  useQuery({
    queryKey: adminVerificationKeys.links(documentId),
    queryFn: () => documentLinks(documentId),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** A link's path as an address the page can load (the desktop app's API is on another origin). */
export const fileUrl = (path: string): string => `${baseUrl()}${path}`;

/** The links still last this long at least: a link followed later is asked again first. */
const SAFETY_MS = 20_000;

export const linksStillValid = (links: DocumentLinksDto, nowMs = Date.now()): boolean =>
  Date.parse(links.expires_at) - SAFETY_MS > nowMs;

/** A file's bytes through the one fetch (the desktop app's token), for a link still valid. */
export async function fetchFile(path: string): Promise<Blob> {
  const response = await apiFetch(fileUrl(path));
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  return response.blob();
}
