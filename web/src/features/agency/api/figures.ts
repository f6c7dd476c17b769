// The agency's figures by month (GET /api/agency/figures): this month and the 11 before, oldest first.
import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { agencyKeys } from "./keys";

export const useAgencyFigures = () =>
  useQuery({ queryKey: agencyKeys.figures(), queryFn: () => unwrap(client.api.agency.figures.$get()) });
