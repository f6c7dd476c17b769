// POST /api/admin/moderation/{id}/approve | reject | escalate, with the statement of reasons
// (required to reject: the author receives it; optional otherwise): the answer is the item as
// decided. Whatever the outcome, the queues (rows and stat cards) and the item are asked again: a
// refusal (409 NOT_PENDING: another admin decided meanwhile) says the page was out of date.
import { useMutation } from "@tanstack/react-query";
import type { ModerationAction, ModerationItemDto } from "@db/validators/moderation";
import { client, unwrap } from "@web/lib/api-client";
import { refreshAfterDecision } from "./keys";

export type Decision = { action: ModerationAction; statement?: string };

export const decideItem = (itemId: string, { action, statement }: Decision): Promise<ModerationItemDto> =>
  unwrap(
    client.api.admin.moderation[":id"][":action"].$post({
      param: { id: itemId, action },
      json: statement ? { statement } : {},
    }),
  );

export const useDecision = (itemId: string) =>
  useMutation({
    mutationFn: (decision: Decision) => decideItem(itemId, decision),
    onSettled: () => refreshAfterDecision(itemId),
  });
