// POST /api/conversations/{conversationId}/read: every unread message from the partner to me is
// read; the partner's tabs (and mine) get a `read` frame. Applied here at once from the answer.
import { client, unwrap } from "@web/lib/api-client";
import { applyReceipt } from "@web/lib/realtime/cache";

export const markRead = (conversationId: string) =>
  unwrap(client.api.conversations[":conversationId"].read.$post({ param: { conversationId } }));

/** Marks the conversation read and folds the receipt into the caches (list, thread, badge). */
export async function markConversationRead(conversationId: string, me: string): Promise<void> {
  const receipt = await markRead(conversationId);
  applyReceipt(receipt, me);
}
