// The Verifications section's react-query keys. The queue holds raw values (kinds, statuses, dates),
// not words, so it is the same in every language; a decision refreshes every queue page (its rows
// and its stat cards) and the document's page.
import type { VerificationQueueQuery } from "@db/validators/verification";
import { queryClient } from "@web/lib/query-client";

export const adminVerificationKeys = {
  all: ["admin-verifications"] as const,
  lists: () => ["admin-verifications", "list"] as const,
  list: (query: VerificationQueueQuery) => ["admin-verifications", "list", query] as const,
  detail: (documentId: string) => ["admin-verifications", "detail", documentId] as const,
  links: (documentId: string) => ["admin-verifications", "links", documentId] as const,
};

/** After a decision (taken, or refused because another admin took it): the queues and the document are asked again. */
export async function refreshAfterDecision(documentId: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminVerificationKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: adminVerificationKeys.detail(documentId) }),
  ]);
}
