// Forms a visitor may leave and come back to in the same tab (the sign-up wizard, a booking request
// while they add a child in 'Mes enfants'): their values are kept in one zustand store persisted to
// sessionStorage, so they survive a reload or a trip to another page, and die with the tab. Each
// form reads its own draft and checks it (a draft is whatever an older version of the page wrote).
// Storage may be disabled (private mode, policies): the forms still work, without a draft.
import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";

type DraftsState = { drafts: Record<string, unknown> };

const useDrafts = create<DraftsState>()(
  persist(() => ({ drafts: {} }), {
    name: "veilleuse.drafts",
    storage: createJSONStorage(() => sessionStorage),
  }),
);

/** What the form last kept under `key`, unchecked; undefined when nothing was kept. */
export const readDraft = (key: string): unknown => useDrafts.getState().drafts[key];

export function saveDraft(key: string, value: unknown): void {
  useDrafts.setState((state) => ({ drafts: { ...state.drafts, [key]: value } }));
}

export function clearDraft(key: string): void {
  useDrafts.setState((state) => ({
    drafts: Object.fromEntries(Object.entries(state.drafts).filter(([k]) => k !== key)),
  }));
}
