// Texts of the booking detail's visit blocks (the family's address, 'Ajouter à mon agenda'): a
// namespace file of their own, so they do not collide with the list's and status texts.
import { defineTexts } from "@web/lib/i18n";
import fr from "./i18n/fr/visit.json";

export const visitTexts = defineTexts({ fr, en: () => import("./i18n/en/visit.json") });
