// POST /api/children: add a child. The form reads the age from a text input.
import { useMutation } from "@tanstack/react-query";
import { type ChildCreateBody, childFormSchema } from "@db/validators/child";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { childrenQueryOptions } from "./list-children";

export const childInputSchema = childFormSchema;

export const addChild = async (body: ChildCreateBody) =>
  (await unwrap(client.api.children.$post({ json: body }))).child;

export function useAddChild() {
  return useMutation({
    mutationFn: addChild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childrenQueryOptions().queryKey }),
  });
}
