// The console's agencies: every agency with its managers and roster size (GET /api/admin/agencies),
// creating one with its first manager (POST /api/admin/agencies; 409 SIREN_TAKEN on `siren`,
// EMAIL_TAKEN on `manager.email`) and adding a manager (POST /api/admin/agencies/{id}/managers).
// Each new manager is emailed a link to choose her password. Whatever the outcome, the list is asked again.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AgencyCreateBody, AgencyManagerBody } from "@db/validators/agencies";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export const adminAgencyKeys = { list: ["admin-agencies", "list"] as const };

const refreshList = () => queryClient.invalidateQueries({ queryKey: adminAgencyKeys.list });

export const useAgencyList = () =>
  useQuery({ queryKey: adminAgencyKeys.list, queryFn: () => unwrap(client.api.admin.agencies.$get()) });

export const useCreateAgency = () =>
  useMutation({
    mutationFn: (body: AgencyCreateBody) => unwrap(client.api.admin.agencies.$post({ json: body })),
    onSettled: refreshList,
  });

export const useAddManager = () =>
  useMutation({
    mutationFn: ({ agencyId, body }: { agencyId: string; body: AgencyManagerBody }) =>
      unwrap(client.api.admin.agencies[":agencyId"].managers.$post({ param: { agencyId }, json: body })),
    onSettled: refreshList,
  });
