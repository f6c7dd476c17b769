// The app's texts that are no feature's own, one chunk per language, so a visitor fetches only the
// language the page is drawn in:
// - the frame's (web/src/i18n/<lang>.json: common, nav, the header, the guards) with the texts
//   shared with the server that any page can show (db/i18n/<lang>/core.json: errors, plan names);
//   the pre-rendered pages' boot script starts fetching them with the app (see web/src/boot.ts);
// - those the pages share (web/src/i18n/<lang>/pages.json: age groups, specialties...; and
//   db/i18n/<lang>.json: validation, profiles, search, booking, review), which a page's route
//   fetches with its chunk; the home page needs none of them (see web/src/app/router.tsx).
import type { Language } from "@db/i18n/languages";

type Messages = { readonly [key: string]: unknown };
type TextChunks = Record<Language, () => Promise<{ default: Messages }>>;

export const FRAME_TEXTS: TextChunks = {
  fr: () => import("./frame-fr"),
  en: () => import("./frame-en"),
};

export const SHARED_TEXTS: TextChunks = {
  fr: () => import("./shared-fr"),
  en: () => import("./shared-en"),
};
