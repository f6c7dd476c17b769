// On a request still to answer: 'Proposer une autre baby-sitter' opens a choice of the team's other
// sitters; the family is asked (she agrees or keeps her request as it is) and the request moves to
// that sitter only once she agrees. The server checks the sitter is on the team and free then.
import { type FormEvent, useId, useState } from "react";
import type { AgencyBookingDto } from "@db/validators/agencies";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { serverMessage } from "@web/lib/server-message";
import { useProposeSitter } from "../api/bookings";
import { useRoster } from "../api/roster";
import { agencyTexts } from "../texts";

export function ProposeSitter({ booking }: { booking: AgencyBookingDto }) {
  const { t } = useTranslation(agencyTexts);
  const [open, setOpen] = useState(false);
  const [sitterId, setSitterId] = useState("");
  const roster = useRoster();
  const propose = useProposeSitter();
  const selectId = useId();
  const others = (roster.data?.sitters ?? []).filter((sitter) => sitter.id !== booking.sitter.id);

  if (!open)
    return (
      <Button variant="ghost" className="border border-night-300" onClick={() => setOpen(true)}>
        {t("agency.requests.propose.open")}
      </Button>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sitterId || propose.isPending) return;
    propose.mutate(
      { id: booking.id, sitterId },
      {
        onSuccess: () => {
          notify.success(t("agency.requests.propose.sent"));
          setOpen(false);
        },
        onError: (error) => notify.error(serverMessage(error, t, "agency.loadError")),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-3">
      <label htmlFor={selectId} className="flex flex-col gap-1 text-sm font-medium text-night-900">
        {t("agency.requests.propose.label", { sitter: booking.sitter.first_name })}
        <select
          id={selectId}
          className="rounded-xl border border-night-200 bg-white px-3 py-2"
          value={sitterId}
          onChange={(event) => setSitterId(event.target.value)}
        >
          <option value="">{t("agency.requests.propose.choose")}</option>
          {others.map((sitter) => (
            <option key={sitter.id} value={sitter.id}>
              {sitter.first_name} {sitter.last_name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" disabled={!sitterId} loading={propose.isPending}>
        {t("agency.requests.propose.submit")}
      </Button>
      <Button variant="ghost" onClick={() => setOpen(false)}>
        {t("agency.requests.propose.cancel")}
      </Button>
      <p className="w-full text-sm text-slate-700">{t("agency.requests.propose.hint")}</p>
    </form>
  );
}
