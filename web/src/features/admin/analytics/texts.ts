// The console's analytics texts (their own namespace, "adminAnalytics"): a namespace file of the
// admin feature's (../i18n/{fr,en}/analytics.json), carried by the analytics chunk only. French
// comes in the chunk, English is fetched when read. Defined as the chunk loads, so the router's
// page() waits for them (textsReady) before the page first draws.
import { defineTexts } from "@web/lib/i18n";
import fr from "../i18n/fr/analytics.json";

export const adminAnalyticsTexts = defineTexts({ fr, en: () => import("../i18n/en/analytics.json") });
