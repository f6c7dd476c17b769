// The booking form's values kept for the tab (one draft per babysitter, in the tab's drafts:
// lib/tab-drafts.ts), so a trip to 'Mes enfants' to add a child, or a reload, comes back to the
// filled form. Cleared once the request is sent.
import type { BookingForm } from "@db/validators/booking";
import { clearDraft, readDraft, saveDraft } from "@web/lib/tab-drafts";

const keyOf = (babysitterId: string) => `booking:${babysitterId}`;

const EMPTY: BookingForm = { date: "", start_time: "", end_time: "", children_ids: [], special_instructions: "" };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The saved values (only known children stay ticked), or an empty form. */
export function loadBookingDraft(babysitterId: string, childIds: readonly string[]): BookingForm {
  const saved = readDraft(keyOf(babysitterId));
  if (typeof saved !== "object" || saved === null) return EMPTY;
  const draft = saved as Record<string, unknown>;
  const ticked = Array.isArray(draft.children_ids) ? draft.children_ids : [];
  return {
    date: text(draft.date),
    start_time: text(draft.start_time),
    end_time: text(draft.end_time),
    children_ids: ticked.filter((id): id is string => typeof id === "string" && childIds.includes(id)),
    special_instructions: text(draft.special_instructions),
  };
}

export const saveBookingDraft = (babysitterId: string, values: Partial<BookingForm>) =>
  saveDraft(keyOf(babysitterId), values);

export const clearBookingDraft = (babysitterId: string) => clearDraft(keyOf(babysitterId));
