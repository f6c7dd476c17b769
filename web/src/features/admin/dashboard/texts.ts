// The console's dashboard texts (their own namespace, "adminDashboard"): a namespace file of the
// admin feature's (../i18n/{fr,en}/dashboard.json), carried by the dashboard's chunk only. French
// comes in the chunk, English is fetched when read. Defined as the chunk loads, so the router's
// page() waits for them (textsReady) before the dashboard first draws.
import { defineTexts } from "@web/lib/i18n";
import fr from "../i18n/fr/dashboard.json";

export const adminDashboardTexts = defineTexts({ fr, en: () => import("../i18n/en/dashboard.json") });
