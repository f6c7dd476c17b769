// Reporting and moderation's texts, for members (its i18n namespace, "reporting"): French in its
// chunk, English fetched when read. Defined when the module loads, so a page that imports a report
// control waits for them with its own (the router's textsReady). Pass them to useTranslation.
import { defineTexts } from "@web/lib/i18n";
import fr from "./i18n/fr.json";

export const moderationTexts = defineTexts({ fr, en: () => import("./i18n/en.json") });
