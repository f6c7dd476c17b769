// GET /api/admin/users/{profileId}: one account with its latest bookings, plan, invoices, reports
// and audit trail. Asked again each time the page opens: an admin acts on what is true now.
import { useQuery } from "@tanstack/react-query";
import type { AdminUserDetail } from "@db/validators/admin-users";
import { client, unwrap } from "@web/lib/api-client";
import { adminUserKeys } from "./keys";

export const getUser = (profileId: string): Promise<AdminUserDetail> =>
  unwrap(client.api.admin.users[":profileId"].$get({ param: { profileId } }));

export const useAdminUser = (profileId: string) =>
  useQuery({ queryKey: adminUserKeys.detail(profileId), queryFn: () => getUser(profileId), staleTime: 0 });
