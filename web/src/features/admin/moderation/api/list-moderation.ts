// GET /api/admin/moderation: one page (25) of the flagged items of one status, filtered by severity
// and type (pending ones most severe first, then who waited longest; decided ones latest decision
// first), with the total and the stat cards. Asked again each time the section opens (reports
// arrive all day); the previous page stays on screen while the next one loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ModerationQueueQuery } from "@db/validators/moderation";
import { client, unwrap } from "@web/lib/api-client";
import { moderationList } from "../list-params";
import { adminModerationKeys } from "./keys";

export const listModeration = (query: ModerationQueueQuery) =>
  unwrap(client.api.admin.moderation.$get({ query: moderationList.toParams(query) }));

export type ModerationQueue = Awaited<ReturnType<typeof listModeration>>;

export const useModerationQueue = (query: ModerationQueueQuery) =>
  useQuery({
    queryKey: adminModerationKeys.list(query),
    queryFn: () => listModeration(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
