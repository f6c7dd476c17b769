// GET /api/admin/verifications: one page (25) of the documents of one status (pending ones oldest
// first, decided ones latest decision first), with the total and the stat cards. Asked again each
// time the section opens (documents arrive all day); the previous page stays on screen while the
// next one loads.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { VerificationQueueDto, VerificationQueueQuery } from "@db/validators/verification";
import { client, unwrap } from "@web/lib/api-client";
import { verificationsList } from "../list-params";
import { adminVerificationKeys } from "./keys";

export const listVerifications = (query: VerificationQueueQuery): Promise<VerificationQueueDto> =>
  unwrap(client.api.admin.verifications.$get({ query: verificationsList.toParams(query) }));

export const useVerificationQueue = (query: VerificationQueueQuery) =>
  useQuery({
    queryKey: adminVerificationKeys.list(query),
    queryFn: () => listVerifications(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
