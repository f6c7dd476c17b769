// The notification centre's texts (its i18n namespace), bundled with its chunk: pass them to useTranslation.
import { defineTexts } from "@web/lib/i18n";
import en from "./i18n/en.json";
import fr from "./i18n/fr.json";

export const notificationsTexts = defineTexts({ fr, en });
