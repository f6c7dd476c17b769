import { useTranslation } from "@web/lib/i18n";
import { PageFrame } from "@web/components/ui/page-frame";
import { legalTexts } from "./texts";

/** Short, honest legal text from i18n: a title, an update note and a few paragraphs. */
export function LegalPage({ doc }: { doc: "terms" | "privacy" }) {
  const { t } = useTranslation(legalTexts);
  const paragraphs = t(`legal.${doc}.paragraphs`, { returnObjects: true }) as string[];
  return (
    <PageFrame title={t(`legal.${doc}.title`)} intro={t("legal.updated")}>
      <div className="max-w-3xl space-y-4 leading-relaxed text-slate-800">
        {paragraphs.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    </PageFrame>
  );
}
