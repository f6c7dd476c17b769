// What a page or a tab shows while its feature is still to come: an honest note, never sample data
// or controls that do nothing. Its own module, out of page-frame.tsx (in every page's first load).
import { useId } from "react";
import { Construction } from "lucide-react";
import { useTranslation } from "@web/lib/i18n";
import { PageFrame } from "./page-frame";

export function ComingSoonNote({ heading, text }: { heading?: string; text: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={heading ? headingId : undefined}
      className="flex items-start gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
    >
      <Construction aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-glow-800" />
      <div>
        {heading && (
          <h2 id={headingId} className="text-lg font-semibold text-night-900">
            {heading}
          </h2>
        )}
        <p className={heading ? "mt-1 text-slate-700" : "text-slate-700"}>{text}</p>
      </div>
    </section>
  );
}

/** Pages whose feature arrives with a later issue. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <ComingSoonNote text={t("common.underConstruction")} />
    </PageFrame>
  );
}
