// The babysitter's profile checklist: parents find her in search once she chose her own rate, wrote
// a presentation and gave her availability (edge/services/listing.ts). Each missing part links to
// its field on /profile; once nothing is missing, the card says she is listed.
import { CheckCircle2, Circle, ListChecks } from "lucide-react";
import { Link } from "react-router-dom";
import { LISTING_REQUIREMENTS, type ListingRequirement } from "@db/validators/search";
import { useTranslation } from "@web/lib/i18n";
import { useListing } from "../api/get-listing";
import { dashboardTexts } from "../texts";

/** Where each requirement is filled in: the tab and the field's id (profile feature). */
const FIELD_LINKS: Record<ListingRequirement, string> = {
  rate: "/profile?tab=babysitter#hourly-rate",
  bio: "/profile#bio",
  availability: "/profile?tab=babysitter#availability",
};

export function ProfileChecklist() {
  const { t } = useTranslation(dashboardTexts);
  const listing = useListing();
  if (!listing.data) return null; // the figures below say when the dashboard cannot load
  if (listing.data.listed)
    return (
      <p
        role="status"
        className="mt-6 flex items-center gap-2 rounded-2xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900"
      >
        <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
        {t("dashboard.checklist.listed")}
      </p>
    );
  const missing = new Set(listing.data.missing);
  return (
    <section
      aria-labelledby="profile-checklist"
      className="mt-6 rounded-2xl border border-glow-400 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="profile-checklist" className="flex items-center gap-2 text-xl font-semibold">
        <ListChecks aria-hidden="true" className="h-6 w-6 text-glow-800" />
        {t("dashboard.checklist.title")}
      </h2>
      <p className="mt-1 text-slate-700">{t("dashboard.checklist.intro")}</p>
      <ul className="mt-4 grid gap-2">
        {LISTING_REQUIREMENTS.map((requirement) => {
          const done = !missing.has(requirement);
          const label = t(`dashboard.checklist.items.${requirement}`);
          return (
            <li key={requirement} className="flex items-center gap-2">
              {done ? (
                <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0 text-emerald-700" />
              ) : (
                <Circle aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-500" />
              )}
              {done ? (
                <span className="text-slate-700">
                  {label} <span className="sr-only">{t("dashboard.checklist.done")}</span>
                </span>
              ) : (
                <Link to={FIELD_LINKS[requirement]} className="py-0.5 font-semibold text-glow-900 underline">
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
