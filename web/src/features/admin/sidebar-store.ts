// The admin console's one piece of client state: whether its sidebar is wide (names) or narrow
// (icons). The admin's choice, kept in localStorage so a reload or another visit opens the console
// as they left it. persist reads localStorage when the store is made, so the first render already
// has the right width (no wide flash before a narrow sidebar). Storage may be disabled (private
// mode, policies): the sidebar still toggles, for this visit only.
import { create } from "zustand";
import { persist } from "zustand/middleware";

type SidebarState = { narrow: boolean; setNarrow: (narrow: boolean) => void };

export const useSidebarStore = create<SidebarState>()(
  persist((set) => ({ narrow: false, setNarrow: (narrow) => set({ narrow }) }), {
    name: "veilleuse.admin-sidebar",
    partialize: ({ narrow }) => ({ narrow }),
  }),
);
