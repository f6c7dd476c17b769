// The console's Agencies section texts (their own namespace, "adminAgencies"): a namespace file of
// the admin feature's (../i18n/{fr,en}/agencies.json), carried by the section's chunk only. French
// comes in the chunk, English is fetched when read; defined as the chunk loads, so the router's
// page() waits for them (textsReady) before the section first draws.
import { defineTexts } from "@web/lib/i18n";
import fr from "../i18n/fr/agencies.json";

export const adminAgenciesTexts = defineTexts({ fr, en: () => import("../i18n/en/agencies.json") });
