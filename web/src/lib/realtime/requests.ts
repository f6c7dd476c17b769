// The requests the realtime client itself makes (the messages page has its own request files):
// the unread count the header's badge shows and the first sync starts from, the polling fallback,
// and the socket's single-use ticket. All through the typed client (lib/api-client.ts), which adds
// the desktop app's bearer token and origin.
import { queryOptions } from "@tanstack/react-query";
import { client, unwrap } from "../api-client";
import { queryClient } from "../query-client";
import { messageKeys } from "./keys";

/** GET /api/messages/unread: { unread, latest_id }. */
export const getUnread = () => unwrap(client.api.messages.unread.$get());

export const unreadQueryOptions = () =>
  queryOptions({ queryKey: messageKeys.unread(), queryFn: getUnread, staleTime: 60_000 });

/** Asks the server for the badge's count again (the truth, after any change). */
export const refreshUnread = () => queryClient.invalidateQueries({ queryKey: messageKeys.unread() });

/** GET /api/messages/updates?after=N: the messages after N (oldest first), while the socket is down. */
export const getUpdates = (after: number) =>
  unwrap(client.api.messages.updates.$get({ query: { after: String(after) } }));

/** POST /api/realtime/ticket: a ticket for one socket upgrade, asked before each (re)connection. */
export const createTicket = () => unwrap(client.api.realtime.ticket.$post());
