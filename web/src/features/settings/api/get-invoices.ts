// GET /api/stripe/get-invoices: the babysitter's invoices, newest first.
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { InvoiceDto } from "@db/validators/billing";
import { client, unwrap } from "@web/lib/api-client";
import { billingKeys } from "./billing-keys";

export type Invoice = InvoiceDto;

export const getInvoices = (): Promise<{ invoices: Invoice[] }> => unwrap(client.api.stripe["get-invoices"].$get());

export const invoicesQueryOptions = () => queryOptions({ queryKey: billingKeys.invoices(), queryFn: getInvoices });

export function useInvoices(enabled: boolean) {
  return useQuery({ ...invoicesQueryOptions(), enabled });
}
