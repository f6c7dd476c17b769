// The console's AI settings texts (their own namespace, "adminAiConfig"): a namespace file of the
// admin feature's (../i18n/{fr,en}/ai-config.json), carried by the section's chunk only. French
// comes in the chunk, English is fetched when read. Defined as the chunk loads, so the router's
// page() waits for them (textsReady) before the section first draws, in English too.
import { defineTexts } from "@web/lib/i18n";
import fr from "../i18n/fr/ai-config.json";

export const adminAiConfigTexts = defineTexts({ fr, en: () => import("../i18n/en/ai-config.json") });
