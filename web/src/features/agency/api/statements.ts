// The agency's hours of a month (GET /api/agency/statements/{month}): per family, that family's own
// statement for the agency's sitters; and the month's export of all of them (.../csv, saved through
// saveBlob: a download in the browser, the save dialog in the desktop app).
import { useQuery } from "@tanstack/react-query";
import { ApiError, client, unwrap } from "@web/lib/api-client";
import { saveBlob } from "@web/lib/download-invoice";
import { agencyKeys, FRESH_ON_EACH_VISIT } from "./keys";

export const useAgencyStatement = (month: string) =>
  useQuery({
    queryKey: [...agencyKeys.all, "statements", month],
    queryFn: () => unwrap(client.api.agency.statements[":month"].$get({ param: { month } })),
    staleTime: FRESH_ON_EACH_VISIT,
  });

export async function downloadAgencyStatement(month: string): Promise<void> {
  const response = (await client.api.agency.statements[":month"].csv.$get({
    param: { month },
  })) as unknown as Response;
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  await saveBlob(await response.blob(), `heures-agence-${month}.csv`);
}
