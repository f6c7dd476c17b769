// A family's statements: a month (GET /api/statements/{month}), its files (.../csv, .../pdf, saved
// through saveBlob: a download in the browser, the save dialog in the desktop app) and the year's
// summary with the tax credit estimate (GET /api/statements/years/{year}).
import { useQuery } from "@tanstack/react-query";
import { ApiError, client, unwrap } from "@web/lib/api-client";
import { saveBlob } from "@web/lib/download-invoice";

export const useMonthStatement = (month: string) =>
  useQuery({
    queryKey: ["statements", "month", month],
    queryFn: () => unwrap(client.api.statements[":month"].$get({ param: { month } })),
  });

export const useYearSummary = (year: string) =>
  useQuery({
    queryKey: ["statements", "year", year],
    queryFn: () => unwrap(client.api.statements.years[":year"].$get({ param: { year } })),
  });

export async function downloadStatement(month: string, kind: "csv" | "pdf"): Promise<void> {
  const endpoint = client.api.statements[":month"][kind];
  const response = (await endpoint.$get({ param: { month } })) as unknown as Response;
  if (!response.ok) throw new ApiError(response.status, `HTTP_${response.status}`, "");
  await saveBlob(await response.blob(), `releve-${month}.${kind}`);
}
