// The real hours of a sitting: the babysitter's declaration (POST /api/bookings/{id}/hours), the
// parent's confirmation or dispute (.../hours/confirm, .../hours/dispute). Every amount is the
// server's: the answers carry the booking with its hours, minutes and amount.
import { useMutation } from "@tanstack/react-query";
import { client, unwrap } from "@web/lib/api-client";
import { queryClient } from "@web/lib/query-client";

type Declaration = { id: string; start: string; end: string };
type Answer = { id: string; answer: "confirm" } | { id: string; answer: "dispute"; reason: string };

const declare = ({ id, start, end }: Declaration) =>
  unwrap(client.api.bookings[":id"].hours.$post({ param: { id }, json: { start, end } }));

const answer = (input: Answer) =>
  input.answer === "confirm"
    ? unwrap(client.api.bookings[":id"].hours.confirm.$post({ param: { id: input.id } }))
    : unwrap(
        client.api.bookings[":id"].hours.dispute.$post({ param: { id: input.id }, json: { reason: input.reason } }),
      );

const refresh = () => queryClient.invalidateQueries({ queryKey: ["bookings"] });

export const useDeclareHours = () => useMutation({ mutationFn: declare, onSettled: refresh });
export const useAnswerHours = () => useMutation({ mutationFn: answer, onSettled: refresh });
