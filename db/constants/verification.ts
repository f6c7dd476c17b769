// Identity verification's rules (our choices where the product leaves them open; docs/trust-and-safety.md).
// One place for the server, the upload page and the console.
import type { IdentityDocumentKind, RegistrableUserType } from "../schema/enums";
import { parisToUtcIso } from "../time/paris-time";

/**
 * What makes a profile verified (its badge, profiles.is_verified): every required kind approved and
 * not expired. A babysitter sends an identity document, a recent proof of address and a criminal
 * record extract (bulletin n°3); a parent who wishes to be verified, the first two.
 */
export const REQUIRED_DOCUMENTS: Record<RegistrableUserType, readonly IdentityDocumentKind[]> = {
  babysitter: ["id_document", "proof_of_address", "criminal_record"],
  parent: ["id_document", "proof_of_address"],
};

/** Kinds a person may hold several of (one pending per detail): diplomas and references. */
export const REPEATABLE_DOCUMENTS: readonly IdentityDocumentKind[] = ["diploma", "reference"];

/** The diplomas a sitter may show (CAP Accompagnant éducatif petite enfance, BAFA, PSC1 first aid). */
export const DIPLOMAS = ["cap_aepe", "bafa", "psc1", "other"] as const;
export type Diploma = (typeof DIPLOMAS)[number];

/** Files are JPEG, PNG, WebP or PDF, recognised by their first bytes, at most 10 MB each. */
export const DOCUMENT_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** A reference's note (who to call, how they know the sitter), and an admin's rejection note. */
export const DOCUMENT_DETAIL_MAX_LENGTH = 200;
export const REJECTION_NOTE_MAX_LENGTH = 500;

/** A bulletin n°3 is accepted when issued within the last 3 months ... */
export const CRIMINAL_RECORD_MAX_AGE_DAYS = 90;
/** ... and counts for a year from its issue date: then it expires and must be sent again. */
export const CRIMINAL_RECORD_VALIDITY_MONTHS = 12;
/** The sitter is told this many days before her record expires (once each). */
export const EXPIRY_NOTICE_DAYS = [30, 7] as const;
/** A new extract may be sent while the current one is this close to its expiry. */
export const RENEWAL_WINDOW_DAYS = 30;

/** The files are deleted this long after the team's decision; the decision and its reason stay. */
export const DOCUMENT_FILE_RETENTION_DAYS = 30;
/** A signed link to a file lasts this long (the viewer asks again on each open). */
export const DOCUMENT_LINK_TTL_SECONDS = 300;

/** Why the team refuses a document (the notice names the reason; 'other' needs a note). */
export const REJECTION_REASONS = [
  "illegible",
  "incomplete",
  "expired_document",
  "name_mismatch",
  "record_too_old",
  "wrong_document",
  "other",
] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** A document's file sides: the front (or the only page), and the back of an identity card. */
export const DOCUMENT_SIDES = ["front", "back"] as const;
export type DocumentSide = (typeof DOCUMENT_SIDES)[number];

/** Where a document's file is kept in the private bucket. */
export const documentKey = (document: { profileId: string; id: string }, side: DocumentSide) =>
  `identity/${document.profileId}/${document.id}/${side}`;

/** A criminal record counts for a year from its issue date: it lapses at midnight, Paris time, that day. */
export function recordExpiry(issuedOn: string): string {
  const [year, month, day] = issuedOn.split("-").map(Number);
  const date = new Date(Date.UTC(year, month - 1 + CRIMINAL_RECORD_VALIDITY_MONTHS, day));
  return parisToUtcIso(date.toISOString().slice(0, 10), "00:00")!;
}
