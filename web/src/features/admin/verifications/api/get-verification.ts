// GET /api/admin/verifications/{id}: one document, its owner, and the owner's other documents.
// Asked again each time the page opens: an admin decides on what is true now.
import { useQuery } from "@tanstack/react-query";
import type { VerificationReviewDto } from "@db/validators/verification";
import { client, unwrap } from "@web/lib/api-client";
import { adminVerificationKeys } from "./keys";

export const getVerification = (documentId: string): Promise<VerificationReviewDto> =>
  unwrap(client.api.admin.verifications[":id"].$get({ param: { id: documentId } }));

export const useVerificationReview = (documentId: string) =>
  useQuery({
    queryKey: adminVerificationKeys.detail(documentId),
    queryFn: () => getVerification(documentId),
    staleTime: 0,
  });
