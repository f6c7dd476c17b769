// On a family's request still waiting for an answer: her agency's proposal of another sitter of its
// team (her name, rating and rate, and the new total), to agree to or refuse. Agreed, the request
// moves to that sitter, who still has to accept it.
import { BadgeCheck } from "lucide-react";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { formatEuros } from "@web/lib/format";
import { formatRating } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import type { Booking } from "../api/list-bookings";
import { useAnswerReassignment, useReassignment } from "../api/reassignment";
import { bookingsTexts } from "../texts";

export function ReassignmentPanel({ booking }: { booking: Booking }) {
  const waiting = booking.role === "parent" && booking.status === "pending";
  const query = useReassignment(booking.id, waiting);
  const answer = useAnswerReassignment(booking.id);
  const { t } = useTranslation(bookingsTexts);
  const proposal = query.data?.reassignment;
  if (!waiting || !proposal) return null;
  const name = `${proposal.sitter.first_name} ${proposal.sitter.last_name}`;

  const reply = (choice: "accept" | "refuse") =>
    answer.mutate(choice, {
      onSuccess: () =>
        notify.success(
          t(choice === "accept" ? "bookings.reassignment.accepted" : "bookings.reassignment.refused", { name }),
        ),
      onError: (error) => notify.error(serverMessage(error, t, "bookings.updateError")),
    });

  return (
    <section
      aria-labelledby="reassignment-title"
      className="rounded-2xl border border-glow-300 bg-glow-50 p-5 shadow-sm"
    >
      <h2 id="reassignment-title" className="text-lg font-semibold text-night-900">
        {t("bookings.reassignment.title", { agency: proposal.agency.name })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("bookings.reassignment.intro", { current: booking.other_party.first_name })}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <Avatar photoUrl={proposal.sitter.photo_url} name={name} />
        <div className="text-sm">
          <p className="flex items-center gap-1 font-semibold text-night-900">
            {name}
            {proposal.sitter.is_verified && (
              <BadgeCheck aria-label={t("bookings.reassignment.verified")} className="h-4 w-4 text-night-700" />
            )}
          </p>
          <p className="text-slate-700">
            {proposal.sitter.total_reviews > 0
              ? t("bookings.reassignment.rating", {
                  rating: formatRating(proposal.sitter.rating),
                  count: proposal.sitter.total_reviews,
                })
              : t("bookings.reassignment.noRating")}
          </p>
          <p className="text-slate-700" data-testid="reassignment-price">
            {t("bookings.reassignment.price", {
              rate: formatEuros(proposal.hourly_rate_cents),
              total: formatEuros(proposal.total_amount_cents),
            })}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button onClick={() => reply("accept")} disabled={answer.isPending}>
          {t("bookings.reassignment.accept", { name: proposal.sitter.first_name })}
        </Button>
        <Button variant="secondary" onClick={() => reply("refuse")} disabled={answer.isPending}>
          {t("bookings.reassignment.refuse")}
        </Button>
      </div>
    </section>
  );
}
