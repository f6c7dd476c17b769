// An agency's proposal of another sitter of its team for the family's request
// (GET /api/bookings/{id}/reassignment), and the family's answer (.../accept, .../refuse). Agreed,
// the request moves to that sitter: the booking is read again.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { ReassignmentDto } from "@db/validators/agencies";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

export type Reassignment = ReassignmentDto;

const keyOf = (id: string) => ["bookings", id, "reassignment"] as const;

export const useReassignment = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: keyOf(id),
    queryFn: () => unwrap(client.api.bookings[":id"].reassignment.$get({ param: { id } })),
    enabled,
    staleTime: 0,
  });

export const useAnswerReassignment = (id: string) =>
  useMutation({
    mutationFn: (answer: "accept" | "refuse") =>
      unwrap(
        answer === "accept"
          ? client.api.bookings[":id"].reassignment.accept.$post({ param: { id } })
          : client.api.bookings[":id"].reassignment.refuse.$post({ param: { id } }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["bookings"] }),
  });
