// The console's Geography texts (their own namespace, "adminGeography"): a namespace file of the
// admin feature's (../i18n/{fr,en}/geography.json), carried by the section's chunk only. French
// comes in the chunk, English is fetched when read. Defined as the chunk loads, so the router's
// page() waits for them (textsReady) before the section first draws.
import { defineTexts } from "@web/lib/i18n";
import fr from "../i18n/fr/geography.json";

export const adminGeographyTexts = defineTexts({ fr, en: () => import("../i18n/en/geography.json") });
