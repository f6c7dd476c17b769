// The booking form's values kept for the tab (sessionStorage, one draft per babysitter), so a trip to
// 'Mes enfants' to add a child, or a reload, comes back to the filled form (issue 19). Cleared once
// the request is sent. Storage may be disabled (private mode, policies): then nothing is kept.
import type { BookingForm } from "@db/validators/booking";

const keyOf = (babysitterId: string) => `veilleuse.booking-draft.${babysitterId}`;

const EMPTY: BookingForm = { date: "", start_time: "", end_time: "", children_ids: [], special_instructions: "" };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The saved values (only known children stay ticked), or an empty form. */
export function loadDraft(babysitterId: string, childIds: readonly string[]): BookingForm {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(keyOf(babysitterId)) ?? "null");
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
  } catch {
    return EMPTY;
  }
}

export function saveDraft(babysitterId: string, values: Partial<BookingForm>): void {
  try {
    sessionStorage.setItem(keyOf(babysitterId), JSON.stringify(values));
  } catch {
    // storage full or disabled: the form still works, it is just not kept
  }
}

export function clearDraft(babysitterId: string): void {
  try {
    sessionStorage.removeItem(keyOf(babysitterId));
  } catch {
    // nothing was kept
  }
}
