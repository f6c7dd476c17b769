// A document's files are never at a lasting address. Their owner or an admin asks for links
// (DOCUMENT_LINK_TTL_SECONDS long), signed for that viewer: a link copied to someone else, kept past
// its time or changed in any part opens nothing, and the file route still checks the session, so a
// leaked link alone is not enough either. An admin opening someone else's document is audited.
import { eq } from "drizzle-orm";
import type { Db } from "@db/client";
import { DOCUMENT_LINK_TTL_SECONDS, type DocumentSide } from "@db/constants/verification";
import { identityDocuments } from "@db/schema/moderation";
import type { CallerProfile } from "../../lib/caller-profile";
import { ApiError, notFound } from "../../lib/errors";
import { hmacSign, hmacVerify } from "../../lib/hmac";
import { profileActor, recordAudit, type AuditOrigin } from "../audit/audit";
import type { DocumentRow } from "./documents";

const PURPOSE = "identity-document-file";
export const DOCUMENT_FILES_PATH = "/api/verification/files";

const filesDeleted = () => new ApiError(410, "FILES_DELETED", "verification.errors.filesDeleted");
const linkExpired = () => new ApiError(403, "LINK_EXPIRED", "verification.errors.linkExpired");

const signedText = (documentId: string, side: DocumentSide, viewerId: string, expires: number) =>
  `${documentId}:${side}:${viewerId}:${expires}`;

/** The document, if the viewer may see it (its owner, or an admin); 404 otherwise, as for no document. */
async function viewableDocument(db: Db, viewer: CallerProfile, documentId: string): Promise<DocumentRow> {
  const [document] = await db.select().from(identityDocuments).where(eq(identityDocuments.id, documentId));
  if (!document || (document.profileId !== viewer.id && viewer.userType !== "admin")) throw notFound();
  if (document.filesDeletedAt) throw filesDeleted();
  return document;
}

export async function documentLinks(
  db: Db,
  secret: string,
  viewer: CallerProfile,
  origin: AuditOrigin,
  documentId: string,
  nowMs = Date.now(),
) {
  const document = await viewableDocument(db, viewer, documentId);
  const expires = Math.floor(nowMs / 1000) + DOCUMENT_LINK_TTL_SECONDS;
  const link = async (side: DocumentSide) => {
    const sig = await hmacSign(secret, PURPOSE, signedText(document.id, side, viewer.id, expires));
    return `${DOCUMENT_FILES_PATH}/${document.id}/${side}?expires=${expires}&sig=${sig}`;
  };
  if (document.profileId !== viewer.id) {
    await recordAudit(db, profileActor(viewer), origin, {
      action: "verification.file_view",
      resource: `identity_document:${document.id}`,
    });
  }
  return {
    front: await link("front"),
    back: document.backStorageKey ? await link("back") : null,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/** The stored file a signed link names, for the viewer it was signed for, while it lasts. */
export async function openSignedFile(
  db: Db,
  bucket: R2Bucket,
  secret: string,
  viewer: CallerProfile,
  link: { documentId: string; side: DocumentSide; expires: number; sig: string },
  nowMs = Date.now(),
) {
  const valid = await hmacVerify(
    secret,
    PURPOSE,
    signedText(link.documentId, link.side, viewer.id, link.expires),
    link.sig,
  );
  if (!valid) throw notFound();
  if (link.expires * 1000 < nowMs) throw linkExpired();
  const document = await viewableDocument(db, viewer, link.documentId);
  const key = link.side === "front" ? document.storageKey : document.backStorageKey;
  const object = key ? await bucket.get(key) : null;
  if (!object) throw notFound();
  const type = link.side === "front" ? document.mimeType : (document.backMimeType ?? "application/octet-stream");
  return { object, type, fileName: document.fileName };
}
