// GET /api/children: the parent's children ('Mes enfants').
import { type InferResponseType } from "hono/client";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";

export type Child = InferResponseType<typeof client.api.children.$get, 200>["children"][number];

export const listChildren = async () => (await unwrap(client.api.children.$get())).children;

export const childrenQueryOptions = () => queryOptions({ queryKey: ["children"], queryFn: listChildren });

export function useChildren() {
  return useQuery(childrenQueryOptions());
}
