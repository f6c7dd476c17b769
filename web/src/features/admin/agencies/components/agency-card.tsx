// One agency of the console's list: its name, SIREN (grouped as it is printed, "732 829 320"), SAP
// declaration number, contact, creation day, team size and managers, with 'Ajouter un responsable'.
import { UserPlus } from "lucide-react";
import { useId } from "react";
import type { AgencyDto } from "@db/validators/agencies";
import { Button } from "@web/components/ui/button";
import { formatDay } from "@web/lib/format-paris";
import { useTranslation } from "@web/lib/i18n";
import { Field } from "../../components/panel";
import { adminSharedTexts } from "../../components/texts";
import { adminAgenciesTexts } from "../texts";

/** "732829320" as INSEE prints it: "732 829 320". */
export const formatSiren = (siren: string) => siren.replace(/(\d{3})(?=\d)/g, "$1 ");

export function AgencyCard({ agency, onAddManager }: { agency: AgencyDto; onAddManager: () => void }) {
  const { t } = useTranslation(adminAgenciesTexts);
  useTranslation(adminSharedTexts); // '—' for an agency without a SAP number
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      data-agency-id={agency.id}
      className="flex h-full flex-col gap-4 rounded-2xl border border-night-100 bg-white p-5 shadow-sm"
    >
      <h3 id={headingId} className="break-words text-lg font-bold text-night-900">
        {agency.name}
      </h3>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Field label={t("adminAgencies.card.siren")}>{formatSiren(agency.siren)}</Field>
        <Field label={t("adminAgencies.card.sap")}>{agency.sap_number ?? t("adminShared.none")}</Field>
        <Field label={t("adminAgencies.card.contact")}>
          <span className="block">{agency.contact_email}</span>
          {agency.contact_phone && <span className="block">{agency.contact_phone}</span>}
        </Field>
        <Field label={t("adminAgencies.card.createdAt")}>{formatDay(agency.created_at)}</Field>
        <Field label={t("adminAgencies.card.roster")}>
          <span data-testid="roster-size">{t("adminAgencies.card.rosterSize", { count: agency.roster_size })}</span>
        </Field>
        <Field label={t("adminAgencies.card.managers")} className="sm:col-span-2">
          <ul className="flex flex-col gap-0.5">
            {agency.managers.map((manager) => (
              <li key={manager.profile_id}>
                {t("adminAgencies.card.manager", {
                  name: `${manager.first_name} ${manager.last_name}`,
                  email: manager.email,
                })}
              </li>
            ))}
          </ul>
        </Field>
      </dl>
      <div className="mt-auto">
        <Button variant="ghost" className="border border-night-600" onClick={onAddManager}>
          <UserPlus aria-hidden="true" className="h-4 w-4" />
          {t("adminAgencies.card.addManager")}
        </Button>
      </div>
    </article>
  );
}
