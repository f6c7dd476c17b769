// The messaging screen as a person sees it (the open thread, its bubbles, the header's Messages
// link) and a message sent through the API as another tab of that person would: shared by the
// messaging specs.
import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";

export const thread = (page: Page) => page.getByRole("region", { name: /.+/ }).filter({ has: page.locator("form") });
/** The open thread's messages (not the list's previews). */
export const bubbles = (page: Page) => page.getByRole("list", { name: /^Messages avec / }).getByRole("listitem");
export const bubble = (page: Page, text: string) => bubbles(page).filter({ hasText: text });
export const messagesLink = (page: Page) =>
  page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Messages", exact: true });

/** Sends through the API with the request context's session, as another tab of that person would. */
export async function sendByApi(request: APIRequestContext, conversationId: string, content: string) {
  const sent = await request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content, client_id: randomUUID() },
  });
  expect(sent.status(), `message "${content}"`).toBe(201);
  return sent.json();
}
