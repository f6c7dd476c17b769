// /api/conversations: the caller's inbox, one conversation's thread, sending and reading
// (/messages). Parents and babysitters alike; only the two participants ever see a conversation
// (anyone else gets the same 404 as an unknown id). Rules live in services/messaging/messages.ts;
// after a write, both parties' open tabs are told (delivery/inbox.ts).
import {
  conversationParamsSchema,
  conversationsPageSchema,
  conversationsQuerySchema,
  conversationSummarySchema,
  messageSchema,
  readReceiptSchema,
  sendMessageSchema,
  startConversationSchema,
  threadPageSchema,
  threadQuerySchema,
} from "@db/validators/messages";
import { createApi, errorResponse, jsonBody, jsonResponse } from "../lib/openapi";
import { callerProfile, signedInRoute } from "../middleware/session";
import { requireVerifiedEmail } from "../auth/verified";
import { newMessageNotice } from "../services/notifications/notices";
import { screenMessage } from "../services/moderation/flags";
import { notifyProfile } from "../services/notifications/notify";
import { pushMessage, pushToInboxes } from "../delivery/inbox";
import {
  conversationSummary,
  listConversations,
  markConversationRead,
  participantConversation,
  sendMessage,
  startConversation,
  threadPage,
} from "../services/messaging/messages";

const TAGS = ["messages"];
const notFound = errorResponse("No conversation with this id has the caller in it");
const rateLimited = errorResponse("Too many requests: wait the minutes the message says");

const list = signedInRoute({
  method: "get",
  path: "/",
  tags: TAGS,
  summary: "The caller's conversations, newest activity first, a page at a time; `q` filters on the partner's name.",
  request: { query: conversationsQuerySchema },
  responses: {
    200: jsonResponse("A page of conversations", conversationsPageSchema),
    400: errorResponse("Invalid filter or cursor"),
    404: errorResponse("The account has no profile"),
  },
});

const start = signedInRoute({
  method: "post",
  path: "/",
  tags: TAGS,
  summary:
    "Opens the conversation with a profile, creating it the first time (a parent and a babysitter; a babysitter writes first only to a parent who booked her).",
  request: { body: jsonBody(startConversationSchema) },
  responses: {
    200: jsonResponse("The existing conversation", conversationSummarySchema),
    201: jsonResponse("The new conversation", conversationSummarySchema),
    400: errorResponse("Invalid id, or the caller's own"),
    403: errorResponse(
      "Messages connect a parent and a babysitter; a sitter needs a booking request first; or the email is not confirmed yet (EMAIL_NOT_VERIFIED)",
    ),
    404: errorResponse("No such user (or a hidden profile, or a deleted account never written to)"),
    410: errorResponse("The partner's account was deleted ('Ce compte a été supprimé.')"),
    429: rateLimited,
  },
});

const show = signedInRoute({
  method: "get",
  path: "/{conversationId}",
  tags: TAGS,
  summary: "One conversation of the caller (partner, last message, unread count).",
  request: { params: conversationParamsSchema },
  responses: { 200: jsonResponse("The conversation", conversationSummarySchema), 404: notFound },
});

const thread = signedInRoute({
  method: "get",
  path: "/{conversationId}/messages",
  tags: TAGS,
  summary: "A conversation's messages, newest page first (oldest first within it); `before` pages back.",
  request: { params: conversationParamsSchema, query: threadQuerySchema },
  responses: {
    200: jsonResponse("A page of messages", threadPageSchema),
    400: errorResponse("Invalid paging"),
    404: notFound,
  },
});

const send = signedInRoute({
  method: "post",
  path: "/{conversationId}/messages",
  tags: TAGS,
  summary:
    "Sends a text message (trimmed, 1 to 5000 characters). Idempotent on client_id: a repeat answers the stored message with 200.",
  request: { params: conversationParamsSchema, body: jsonBody(sendMessageSchema) },
  responses: {
    200: jsonResponse("Already sent with this client_id", messageSchema),
    201: jsonResponse("Sent", messageSchema),
    400: errorResponse("Empty or too long"),
    403: errorResponse("The email is not confirmed yet (EMAIL_NOT_VERIFIED)"),
    404: notFound,
    409: errorResponse("The client_id was used for another conversation"),
    410: errorResponse("The partner's account was deleted ('Ce compte a été supprimé.')"),
    429: rateLimited,
  },
});

const read = signedInRoute({
  method: "post",
  path: "/{conversationId}/read",
  tags: TAGS,
  summary: "Marks every unread message from the partner to the caller read; both parties' tabs learn it.",
  request: { params: conversationParamsSchema },
  responses: { 200: jsonResponse("What was marked read", readReceiptSchema), 404: notFound },
});

export const conversationRoutes = createApi()
  .openapi(list, async (c) => {
    const me = await callerProfile(c);
    return c.json(await listConversations(c.var.db, me.id, c.req.valid("query")), 200);
  })
  .openapi(start, async (c) => {
    const me = await callerProfile(c);
    await requireVerifiedEmail(c);
    const { partner_id } = c.req.valid("json");
    const { conversation, created } = await startConversation(c.var.db, me, partner_id);
    return created ? c.json(conversation, 201) : c.json(conversation, 200);
  })
  .openapi(show, async (c) => {
    const me = await callerProfile(c);
    const { conversationId } = c.req.valid("param");
    return c.json(await conversationSummary(c.var.db, me.id, conversationId), 200);
  })
  .openapi(thread, async (c) => {
    const me = await callerProfile(c);
    const { conversationId } = c.req.valid("param");
    const conversation = await participantConversation(c.var.db, me.id, conversationId);
    return c.json(await threadPage(c.var.db, conversation.id, c.req.valid("query")), 200);
  })
  .openapi(send, async (c) => {
    const me = await callerProfile(c);
    await requireVerifiedEmail(c);
    const { conversationId } = c.req.valid("param");
    const { content, client_id } = c.req.valid("json");
    const sent = await sendMessage(c.var.db, me.id, conversationId, { content, clientId: client_id });
    if (!sent.created) return c.json(sent.message, 200);
    // The automatic filter reads it before anyone does: hidden at once, it reaches the thread removed.
    const hidden = await screenMessage(c.env, c.var.db, me, {
      id: sent.message.id,
      recipientId: sent.message.recipient_id,
      content,
    });
    const message = hidden ? { ...sent.message, content: "", removed: true } : sent.message;
    pushMessage(c, message, { type: "message", message }, () =>
      hidden ? Promise.resolve() : notifyProfile(c.env, c.var.db, newMessageNotice(message, me, Date.now())),
    );
    return c.json(message, 201);
  })
  .openapi(read, async (c) => {
    const me = await callerProfile(c);
    const { conversationId } = c.req.valid("param");
    const conversation = await participantConversation(c.var.db, me.id, conversationId);
    const receipt = await markConversationRead(c.var.db, me.id, conversation.id);
    if (receipt.up_to_id !== null)
      pushToInboxes(c, [conversation.participantA, conversation.participantB], { type: "read", receipt });
    return c.json(receipt, 200);
  });
