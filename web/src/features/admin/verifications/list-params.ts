// The queue's state is the URL's query string (?status=&page=), read with the server's own rule
// (verificationQueueQuerySchema): ../list/list-params.ts says how. The status is which queue one
// reads ('En attente' unless another is picked), not a filter to clear: the list has no filter keys.
import { verificationQueueQuerySchema } from "@db/validators/verification";
import { adminSectionPath } from "../admin-sections";
import { listParams } from "../list/list-params";

export const verificationsList = listParams(verificationQueueQuerySchema, []);

/** A document's page in the console. */
export const documentPath = (documentId: string) => `${adminSectionPath("verifications")}/${documentId}`;
