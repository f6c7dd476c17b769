// DELETE /api/children/{id}: refused while a pending or confirmed booking names the child.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { childrenQueryOptions } from "./list-children";

export const deleteChild = (id: string) => unwrap(client.api.children[":id"].$delete({ param: { id } }));

export function useDeleteChild() {
  return useMutation({
    mutationFn: deleteChild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childrenQueryOptions().queryKey }),
  });
}
