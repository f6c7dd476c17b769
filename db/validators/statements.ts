// A family's statements (docs/payments.md): per month and per babysitter, the sittings whose hours
// stand, as the CESU and Pajemploi declarations ask (hours, hourly rate, amount), and a yearly
// summary with the tax credit estimate. Amounts in integer cents, durations in minutes.
import { z } from "zod";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const YEAR = /^20\d{2}$/;

export const statementMonthParam = z.string().regex(MONTH, "payments.monthInvalid");
export const statementYearParam = z.string().regex(YEAR, "payments.yearInvalid");

const sittingLineSchema = z.object({
  booking_id: z.string(),
  start: z.string().describe("The start that counts (UTC)."),
  end: z.string().describe("The end that counts (UTC)."),
  minutes: z.number().int(),
  hourly_rate_cents: z.number().int(),
  amount_cents: z.number().int(),
  settled: z
    .enum(["card", "outside", "unpaid"])
    .describe("Paid by card through Veilleuse, settled outside it, or not yet."),
  tip_cents: z.number().int().describe("A tip paid by card (not part of the declared wage)."),
});

const sitterTotalsSchema = z.object({
  babysitter: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
  minutes: z.number().int(),
  amount_cents: z.number().int(),
  hourly_rate_cents: z.number().int().describe("The amount over the hours (the rate when all sittings share it)."),
  days: z.number().int().describe("Days with a sitting (Paris time)."),
});

export const monthStatementSchema = z
  .object({
    month: z.string(),
    sitters: z.array(sitterTotalsSchema.extend({ sittings: z.array(sittingLineSchema) })),
    minutes: z.number().int(),
    amount_cents: z.number().int(),
  })
  .meta({ id: "MonthStatement" });
export type MonthStatement = z.infer<typeof monthStatementSchema>;

/** An agency's month: per family, that family's statement for the roster's sitters. */
export const agencyMonthStatementSchema = z
  .object({
    month: z.string(),
    families: z.array(
      z.object({
        family: z.object({ id: z.string(), first_name: z.string(), last_name: z.string() }),
        sitters: monthStatementSchema.shape.sitters,
        minutes: z.number().int(),
        amount_cents: z.number().int(),
      }),
    ),
    minutes: z.number().int(),
    amount_cents: z.number().int(),
  })
  .meta({ id: "AgencyMonthStatement" });
export type AgencyMonthStatement = z.infer<typeof agencyMonthStatementSchema>;

export const yearSummarySchema = z
  .object({
    year: z.string(),
    sitters: z.array(sitterTotalsSchema),
    minutes: z.number().int(),
    amount_cents: z.number().int(),
    children: z.number().int().describe("The family's children on Veilleuse, counted as dependants for the ceiling."),
    ceiling_cents: z.number().int(),
    tax_credit_cents: z.number().int().describe("An estimate: half the year's amount within the ceiling."),
  })
  .meta({ id: "YearSummary" });
export type YearSummary = z.infer<typeof yearSummarySchema>;
