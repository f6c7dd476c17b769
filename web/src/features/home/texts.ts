// The home feature's texts (its i18n namespace), a chunk per language: the home page is the first
// load of most visitors, who fetch only the language they read. Its route asks for them with the
// page's chunk (web/src/app/router.tsx), not after it; defined there, not here, as this module is
// in the frame every page loads. Pass them to useTranslation.
import type { FeatureTexts } from "@web/lib/i18n";

export const homeTexts: FeatureTexts = { fr: () => import("./i18n/fr.json"), en: () => import("./i18n/en.json") };
