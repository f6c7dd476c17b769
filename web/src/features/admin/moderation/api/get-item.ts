// GET /api/admin/moderation/{id}: one flagged item with its author and reporter. Asked again each
// time the page opens: an admin decides on what is true now.
import { useQuery } from "@tanstack/react-query";
import type { ModerationItemDto } from "@db/validators/moderation";
import { client, unwrap } from "@web/lib/api-client";
import { adminModerationKeys } from "./keys";

export const getModerationItem = (itemId: string): Promise<ModerationItemDto> =>
  unwrap(client.api.admin.moderation[":id"].$get({ param: { id: itemId } }));

export const useModerationItem = (itemId: string) =>
  useQuery({
    queryKey: adminModerationKeys.detail(itemId),
    queryFn: () => getModerationItem(itemId),
    staleTime: 0,
  });
