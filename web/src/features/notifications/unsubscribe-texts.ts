// The unsubscribe page's texts: their own namespace file (i18n/{fr,en}/unsubscribe.json), so this
// chunk and the notification centre's share no module (no extra chunk for the first load to list).
import { defineTexts } from "@web/lib/i18n";
import fr from "./i18n/fr/unsubscribe.json";

export const unsubscribeTexts = defineTexts({ fr, en: () => import("./i18n/en/unsubscribe.json") });
