// The security settings' backgroundCheckRequired, where it acts: while it is on, a babysitter whose
// identity is not verified (profiles.is_verified, set when the team approves her documents) is not
// found by search (services/search/search.ts adds the verified-only condition), takes no new
// request, and cannot accept one (services/bookings/bookings.ts). Her profile page stays readable,
// and what is already confirmed stays confirmed. Read on each action, so a change applies at once.
import { ApiError } from "../../lib/errors";
import type { Db } from "@db/client";
import { loadAiSettings } from "./ai-settings";

export const backgroundCheckRequired = async (db: Db) => (await loadAiSettings(db, "security")).backgroundCheckRequired;

/** To the parent asking: this sitter takes no request until her identity is verified. */
export const sitterNotVerified = () => new ApiError(403, "SITTER_NOT_VERIFIED", "booking.errors.sitterNotVerified");

/** To the sitter accepting: her identity must be verified first. */
export const verificationRequired = () =>
  new ApiError(403, "VERIFICATION_REQUIRED", "booking.errors.verificationRequired");
