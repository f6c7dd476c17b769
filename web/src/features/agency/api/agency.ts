// The manager's agency (GET /api/agency): its name heads every page of the agency space.
import { useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { agencyKeys } from "./keys";

export const useAgency = () =>
  useQuery({ queryKey: agencyKeys.agency(), queryFn: () => unwrap(client.api.agency.$get()) });
