// The preferences screen's texts: their own namespace file (i18n/{fr,en}/preferences.json), bundled
// with the settings chunk like the feature's other texts.
import { defineTexts } from "@web/lib/i18n";
import fr from "./i18n/fr/preferences.json";

export const preferencesTexts = defineTexts({ fr, en: () => import("./i18n/en/preferences.json") });
