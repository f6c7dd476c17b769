// GET /api/unsubscribe?token=: what an email's link turns off and the masked address (changes nothing).
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { UnsubscribeTarget } from "@db/validators/unsubscribe";
import { client, unwrap } from "@web/lib/api-client";

export const getUnsubscribe = (token: string): Promise<UnsubscribeTarget> =>
  unwrap(client.api.unsubscribe.$get({ query: { token } }));

export const unsubscribeQueryOptions = (token: string) =>
  queryOptions({ queryKey: ["unsubscribe", token], queryFn: () => getUnsubscribe(token) });

/** Asked only with a token; a refused link (4xx) is not asked again (the client's default). */
export const useUnsubscribeTarget = (token: string) =>
  useQuery({ ...unsubscribeQueryOptions(token), enabled: token !== "" });
