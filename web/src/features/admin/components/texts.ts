// The texts the console's lists share (their own namespace, "adminShared": pager, filters, CSV
// export, reason field, plans, audit actions...), in the admin feature's i18n/{fr,en}/shared.json.
// Carried by the chunk of the shared list components, which every list section's chunk imports:
// defined as it loads, so the router's page() waits for them (textsReady) with the section's own.
import { defineTexts } from "@web/lib/i18n";
import fr from "../i18n/fr/shared.json";

export const adminSharedTexts = defineTexts({ fr, en: () => import("../i18n/en/shared.json") });
