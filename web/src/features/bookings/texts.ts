// The bookings list's and detail's texts (the `bookings` tree; the request form's are in
// request/texts.ts): French in its chunk, English fetched when read. Pass them to useTranslation.
import { defineTexts } from "@web/lib/i18n";
import fr from "./i18n/fr.json";

export const bookingsTexts = defineTexts({ fr, en: () => import("./i18n/en.json") });
