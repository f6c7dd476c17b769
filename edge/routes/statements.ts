// A family's statements (docs/payments.md): a month per babysitter, as JSON, CSV (the CESU and
// Pajemploi layout) and PDF, and a year's summary with the tax credit estimate. Always the caller's
// own: no other family's id can be asked for. Parents only.
import { z } from "@hono/zod-openapi";
import {
  monthStatementSchema,
  statementMonthParam,
  statementYearParam,
  yearSummarySchema,
} from "@db/validators/statements";
import { createApi, errorResponse, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { statementCsv, statementPdf } from "../services/payments/statement-files";
import { monthStatement, yearSummary } from "../services/payments/statements";

const TAGS = ["payments"];
const monthParams = z.object({ month: statementMonthParam });
const refusals = {
  400: errorResponse("A month that is not YYYY-MM"),
  403: errorResponse("Not a parent"),
};

const getMonth = signedInRoute({
  method: "get",
  path: "/{month}",
  tags: TAGS,
  summary:
    "The caller's statement of a month (Paris time): per babysitter, the sittings whose hours stand, and totals.",
  request: { params: monthParams },
  responses: { 200: jsonResponse("The month", monthStatementSchema), ...refusals },
});

const file = (kind: "csv" | "pdf", type: string, summary: string) =>
  signedInRoute({
    method: "get",
    path: `/{month}/${kind}`,
    tags: TAGS,
    summary,
    request: { params: monthParams },
    responses: { 200: { description: "The file", content: { [type]: { schema: z.string() } } }, ...refusals },
  });

const getCsv = file(
  "csv",
  "text/csv",
  "The month as a CSV laid out for the CESU or Pajemploi declaration: one row per babysitter (hours, net hourly rate, net amount, days).",
);
const getPdf = file(
  "pdf",
  "application/pdf",
  "The month as an A4 PDF: each sitting, and what to declare for each babysitter.",
);

const getYear = signedInRoute({
  method: "get",
  path: "/years/{year}",
  tags: TAGS,
  summary:
    "The caller's year: totals per babysitter, and the tax credit estimate (half the amount within the ceiling).",
  request: { params: z.object({ year: statementYearParam }) },
  responses: {
    200: jsonResponse("The year", yearSummarySchema),
    400: errorResponse("A year that is not YYYY"),
    403: refusals[403],
  },
});

const download = (kind: string, month: string) => ({
  "content-disposition": `attachment; filename="releve-${month}.${kind}"`,
  "cache-control": "private, no-store",
});

export const statementRoutes = createApi()
  .openapi(getYear, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json(await yearSummary(c.var.db, parent.id, c.req.valid("param").year), 200);
  })
  .openapi(getMonth, async (c) => {
    const parent = await callerProfile(c, "parent");
    return c.json(await monthStatement(c.var.db, parent.id, c.req.valid("param").month), 200);
  })
  .openapi(getCsv, async (c) => {
    const parent = await callerProfile(c, "parent");
    const { month } = c.req.valid("param");
    const csv = statementCsv(await monthStatement(c.var.db, parent.id, month), c.var.lang);
    return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8", ...download("csv", month) });
  })
  .openapi(getPdf, async (c) => {
    const parent = await callerProfile(c, "parent");
    const { month } = c.req.valid("param");
    const statement = await monthStatement(c.var.db, parent.id, month);
    const pdf = await statementPdf(statement, { name: `${parent.firstName} ${parent.lastName}` }, c.var.lang);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      "content-type": "application/pdf",
      ...download("pdf", month),
    });
  });
