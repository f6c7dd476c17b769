// What components use of the realtime client: start it for the signed-in profile, read its status,
// listen to its events, and read the unread count the header's badge shows.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { startRealtime } from "./connection";
import { unreadQueryOptions } from "./requests";
import {
  currentRealtimeStatus,
  type RealtimeEvent,
  type RealtimeStatus,
  subscribeRealtime,
  subscribeRealtimeStatus,
} from "./status";

/** Keeps the realtime client running while the component is mounted (one client per tab). */
export function useRealtimeSession(profileId: string): void {
  useEffect(() => startRealtime(profileId), [profileId]);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(subscribeRealtimeStatus, currentRealtimeStatus, () => "connecting" as const);
}

/** Calls `listener` with every realtime event (the latest listener, without resubscribing). */
export function useRealtimeEvents(listener: (event: RealtimeEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeRealtime((event) => latest.current(event)), []);
}

/** The signed-in user's unread messages, live (the realtime client keeps the query fresh). */
export function useUnreadCount(): number {
  const { data } = useQuery(unreadQueryOptions());
  return data?.unread ?? 0;
}
