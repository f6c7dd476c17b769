// The Audit log's state is the URL's query string (?period=&q=&status=&severity=&dir=&page=), read
// with the server's own rule (auditQuerySchema): ../list/list-params.ts says how. The period is how
// far back one reads, not a filter: 'Effacer les filtres' keeps it.
import { auditQuerySchema } from "@db/validators/admin-audit";
import { listParams } from "../list/list-params";

export const auditList = listParams(auditQuerySchema, ["q", "status", "severity"]);
