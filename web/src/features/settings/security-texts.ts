// The Sécurité tab's texts: their own namespace file (i18n/{fr,en}/security.json), bundled with the
// settings chunk like the feature's other texts.
import { defineTexts } from "@web/lib/i18n";
import fr from "./i18n/fr/security.json";

export const securityTexts = defineTexts({ fr, en: () => import("./i18n/en/security.json") });
