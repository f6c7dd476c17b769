import { useEffect, type ReactNode } from "react";
import { useTranslation } from "@web/lib/i18n";
import { Construction } from "lucide-react";

/** Standard page body: a title (the page's h1) and its content. */
export function PageFrame({ title, intro, children }: { title: string; intro?: ReactNode; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-night-900">{title}</h1>
      {intro && <div className="mt-2 text-slate-700">{intro}</div>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** Pages whose feature arrives with a later issue: an honest note, never sample data. */
export function ComingSoonPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={title}>
      <div className="flex items-start gap-3 rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <Construction aria-hidden="true" className="mt-0.5 h-6 w-6 shrink-0 text-glow-800" />
        <p className="text-slate-700">{t("common.underConstruction")}</p>
      </div>
    </PageFrame>
  );
}

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Veilleuse` : "Veilleuse";
  }, [title]);
}
