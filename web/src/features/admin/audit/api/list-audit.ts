// GET /api/admin/audit: one page (50) of the log over the period, searched and filtered on the
// server, with the total and the stat cards. Asked again each time the section opens (the log grows
// with every action, the admin's own included); the previous page stays on screen while the next loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditPage, AuditQuery } from "@db/validators/admin-audit";
import { client, unwrap } from "@web/lib/api-client";
import { auditList } from "../list-params";

export const listAudit = (query: AuditQuery): Promise<AuditPage> =>
  unwrap(client.api.admin.audit.$get({ query: auditList.toParams(query) }));

export const useAuditList = (query: AuditQuery) =>
  useQuery({
    queryKey: ["admin-audit", "list", query],
    queryFn: () => listAudit(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
