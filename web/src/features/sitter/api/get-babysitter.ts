// GET /api/babysitters/{id}: a babysitter's public profile. The answer depends on who asks
// (members-only and hidden profiles, the phone), so the query is keyed by the viewer too.
import { type InferResponseType } from "hono/client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { useSession } from "@web/lib/session";

const request = client.api.babysitters[":id"].$get;

export type PublicSitter = InferResponseType<typeof request, 200>["babysitter"];

export const getBabysitter = async (id: string) => (await unwrap(request({ param: { id } }))).babysitter;

export const babysitterQueryOptions = (id: string, viewerId: string | null) =>
  queryOptions({ queryKey: ["babysitter", id, viewerId], queryFn: () => getBabysitter(id) });

/** Asks once the session is known, so a signed-in parent never gets the visitor's answer first. */
export function useBabysitter(id: string) {
  const session = useSession();
  return useQuery({ ...babysitterQueryOptions(id, session.data?.id ?? null), enabled: !session.isPending });
}
