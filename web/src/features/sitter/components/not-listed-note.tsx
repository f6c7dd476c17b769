// On her own public page, a babysitter whose profile search does not list yet is told so, with the
// way to her dashboard's checklist (edge/services/listing.ts: her rate, a presentation, availability).
import { Info } from "lucide-react";
import { Link } from "react-router-dom";
import { useTranslation } from "@web/lib/i18n";
import { useOwnListing } from "../api/get-own-listing";
import { sitterTexts } from "../texts";

export function NotListedNote({ own }: { own: boolean }) {
  const { t } = useTranslation(sitterTexts);
  const listing = useOwnListing(own);
  if (!own || !listing.data || listing.data.listed) return null;
  return (
    <div role="status" className="mb-6 flex items-start gap-3 rounded-2xl border border-glow-400 bg-glow-300/20 p-4">
      <Info aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-glow-900" />
      <p className="text-night-900">
        {t("sitter.notListed.text")}{" "}
        <Link to="/dashboard" className="font-semibold text-glow-900 underline">
          {t("sitter.notListed.link")}
        </Link>
      </p>
    </div>
  );
}
