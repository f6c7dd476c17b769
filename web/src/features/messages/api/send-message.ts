// POST /api/conversations/{conversationId}/messages {content, client_id}: one message. The client_id
// is made once per message and reused for every retry: the server stores a message once per key and
// answers a repeat with the stored message (200), so a retry after a lost answer never doubles it.
import type { SendMessage } from "@db/validators/messages";
import { sendMessageSchema } from "@db/validators/messages";
import { client, unwrap } from "@web/lib/api-client";

export const sendMessageInputSchema = sendMessageSchema;

export const sendMessage = (conversationId: string, input: SendMessage) =>
  unwrap(client.api.conversations[":conversationId"].messages.$post({ param: { conversationId }, json: input }));
