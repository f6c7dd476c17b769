// react-query's client for the pages that ask the API, fetched with the first such page rather
// than on the first load of / (the home page asks nothing but the session, lib/session.ts). The
// context is always in the tree, empty until then, so the client's arrival changes a value and
// never the tree (nothing remounts). A page or a lazy piece that queries waits for `loadQueryClient`
// before it renders (app/router.tsx, `withQueries`).
import { QueryClientContext } from "@tanstack/react-query";
import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, type ReactNode, useEffect, useSyncExternalStore } from "react";

let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import("./query-client").then(({ queryClient }) => {
    client = queryClient;
    for (const listener of listeners) listener();
    return queryClient;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => client;

export function QueryProvider({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  // What QueryClientProvider does: the client follows window focus and the network while mounted.
  useEffect(() => {
    current?.mount();
    return () => current?.unmount();
  }, [current]);
  return <QueryClientContext.Provider value={current}>{children}</QueryClientContext.Provider>;
}

/** React.lazy for a piece that queries: its chunk and the query client, before it renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy takes
export const lazyWithQueries = <C extends ComponentType<any>>(load: () => Promise<{ default: C }>) =>
  lazy(async () => (await Promise.all([load(), loadQueryClient()]))[0]);
