// DELETE /api/verification/documents/{id}: withdraws a document still waiting (its files go too).
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { refetchVerification } from "./get-verification";

export const withdrawDocument = (id: string) =>
  unwrap(client.api.verification.documents[":id"].$delete({ param: { id } }));

export function useWithdrawDocument() {
  return useMutation({ mutationFn: withdrawDocument, onSettled: refetchVerification });
}
