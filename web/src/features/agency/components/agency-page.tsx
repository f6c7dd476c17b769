// The frame of every page of the agency space: 'Espace agence · <the agency's name>' above the page's
// title (its h1, and document.title), the page's one-line introduction, then the page.
import type { ReactNode } from "react";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import { useTranslation } from "@web/lib/i18n";
import { useAgency } from "../api/agency";
import { agencyTexts } from "../texts";

export function AgencyPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { t } = useTranslation(agencyTexts);
  const agency = useAgency();
  useDocumentTitle(title);
  const name = agency.data?.agency.name;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <p className="text-sm font-semibold uppercase tracking-wide text-glow-900">
        {name ? t("agency.spaceOf", { name }) : t("agency.space")}
      </p>
      <h1 className="mt-1 text-3xl font-bold tracking-tight text-night-900">{title}</h1>
      <p className="mt-2 max-w-3xl text-slate-700">{intro}</p>
      <div className="mt-6">{children}</div>
    </div>
  );
}
