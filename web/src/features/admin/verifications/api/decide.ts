// POST /api/admin/verifications/{id}/approve | reject (a reason from the list, and a note, required
// for 'other'): the answer is the document as decided. Whatever the outcome, the queues (rows and
// stat cards) and the document are asked again: a refusal (409 NOT_PENDING: another admin decided
// meanwhile) says the page was out of date.
import { useMutation } from "@tanstack/react-query";
import type { RejectDocumentBody, ReviewDocumentDto } from "@db/validators/verification";
import { client, unwrap } from "@web/lib/api-client";
import { refreshAfterDecision } from "./keys";

export type Decision = { kind: "approve" } | { kind: "reject"; body: RejectDocumentBody };

const document = client.api.admin.verifications[":id"];

export function decide(documentId: string, decision: Decision): Promise<ReviewDocumentDto> {
  const param = { id: documentId };
  return decision.kind === "approve"
    ? unwrap(document.approve.$post({ param }))
    : unwrap(document.reject.$post({ param, json: decision.body }));
}

export const useDecision = (documentId: string) =>
  useMutation({
    mutationFn: (decision: Decision) => decide(documentId, decision),
    onSettled: () => refreshAfterDecision(documentId),
  });
