// The urgent request form's values kept for the tab (lib/tab-drafts.ts), so a trip to 'Mes enfants'
// to add a child, or a reload, comes back to the filled form. Cleared once the request is sent. The
// agency is not kept: the list it was chosen from may have changed.
import type { UrgentRequestBody } from "@db/validators/urgent-requests";
import { clearDraft, readDraft, saveDraft } from "@web/lib/tab-drafts";

const KEY = "urgent:new";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The saved values over `empty` (only known children stay ticked; a saved empty address gives way
 * to the profile's), or `empty` itself.
 */
export function loadUrgentDraft(empty: UrgentRequestBody, childIds: readonly string[]): UrgentRequestBody {
  const saved = readDraft(KEY);
  if (typeof saved !== "object" || saved === null) return empty;
  const draft = saved as Record<string, unknown>;
  const ticked = Array.isArray(draft.children_ids) ? draft.children_ids : [];
  return {
    date: text(draft.date) || empty.date,
    start_time: text(draft.start_time),
    end_time: text(draft.end_time),
    children_ids: ticked.filter((id): id is string => typeof id === "string" && childIds.includes(id)),
    special_instructions: text(draft.special_instructions),
    address: text(draft.address) || empty.address,
  };
}

export const saveUrgentDraft = (values: Partial<UrgentRequestBody>) =>
  saveDraft(KEY, { ...values, agency_id: undefined });

export const clearUrgentDraft = () => clearDraft(KEY);
