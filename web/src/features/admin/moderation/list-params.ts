// The queue's state is the URL's query string (?status=&severity=&type=&page=), read with the
// server's own rule (moderationQueueQuerySchema): ../list/list-params.ts says how. The status is
// which queue one reads ('En attente' unless another is picked), not a filter: 'Effacer les filtres'
// empties the severity and the type only.
import { moderationQueueQuerySchema } from "@db/validators/moderation";
import { adminSectionPath } from "../admin-sections";
import { listParams } from "../list/list-params";

export const moderationList = listParams(moderationQueueQuerySchema, ["severity", "type"]);

/** A flagged item's page in the console. */
export const itemPath = (itemId: string) => `${adminSectionPath("moderation")}/${itemId}`;
