// PATCH /api/children/{id}: change a child's details (an empty note clears it).
import { useMutation } from "@tanstack/react-query";
import type { ChildUpdateBody } from "@db/validators/child";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { childrenQueryOptions } from "./list-children";

export const updateChild = async ({ id, ...body }: ChildUpdateBody & { id: string }) =>
  (await unwrap(client.api.children[":id"].$patch({ param: { id }, json: body }))).child;

export function useUpdateChild() {
  return useMutation({
    mutationFn: updateChild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childrenQueryOptions().queryKey }),
  });
}
