// POST /api/conversations {partner_id}: opens (or starts) the conversation with a profile, for the
// 'Message' buttons of a sitter's page and of bookings (/messages?to={profileId}).
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { startConversationSchema } from "@db/validators/messages";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";
import { messageKeys } from "@web/lib/realtime/keys";

export type StartConversationInput = z.infer<typeof startConversationSchema>;

export const startConversation = (input: StartConversationInput) =>
  unwrap(client.api.conversations.$post({ json: input }));

export function useStartConversation() {
  return useMutation({
    mutationFn: startConversation,
    onSuccess: (conversation) => {
      queryClient.setQueryData(messageKeys.conversation(conversation.id), conversation);
      void queryClient.invalidateQueries({ queryKey: messageKeys.lists() });
    },
  });
}
