// The agency feature's texts (its i18n namespace): French in its chunk, English fetched when read. Pass them to useTranslation.
import { defineTexts } from "@web/lib/i18n";
import fr from "./i18n/fr.json";

export const agencyTexts = defineTexts({ fr, en: () => import("./i18n/en.json") });
