// The booking request's texts (the `booking` tree, apart from the list's `bookings`), a namespace
// file of the feature's i18n/: French in its chunk, English fetched when read. Pass them to useTranslation.
import { defineTexts } from "@web/lib/i18n";
import fr from "../i18n/fr/request.json";

export const bookingTexts = defineTexts({ fr, en: () => import("../i18n/en/request.json") });
