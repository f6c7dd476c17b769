// POST /api/reports: a member reports a profile, a photo, a message or a review (a second report of
// the same open case thanks again and adds nothing). GET /api/reports: her reports, each 'pending'
// or 'handled' ('Mes signalements').
import { type InferRequestType, type InferResponseType } from "hono/client";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export type ReportInput = InferRequestType<typeof client.api.reports.$post>["json"];
/** What a 'Signaler' control offers to report: the content's kind and id (ReportInput's first two fields). */
export type ReportTarget = { type: ReportInput["type"]; resourceId: string };
export type OwnReport = InferResponseType<typeof client.api.reports.$get, 200>["reports"][number];

export const sendReport = async (json: ReportInput) => (await unwrap(client.api.reports.$post({ json }))).report;

export const ownReportsQueryOptions = () =>
  queryOptions({
    queryKey: ["reports", "mine"],
    queryFn: async () => (await unwrap(client.api.reports.$get())).reports,
  });

export function useOwnReports() {
  return useQuery(ownReportsQueryOptions());
}

export function useSendReport() {
  return useMutation({
    mutationFn: sendReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownReportsQueryOptions().queryKey }),
  });
}
