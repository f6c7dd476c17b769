// No sitter matches: an empty state with a reset action. When the words found nobody within the
// radius but someone within the widest one, it says how many, with a button that widens the radius
// to it (a name search that found nobody nearby used to say nothing more).
import { SearchX } from "lucide-react";
import type { SearchResult } from "@db/validators/search";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { searchTexts } from "../texts";

type EmptyResultsProps = {
  onReset: () => void;
  wider?: SearchResult["wider"];
  onWiden?: (radius: number) => void;
};

export function EmptyResults({ onReset, wider, onWiden }: EmptyResultsProps) {
  const { t } = useTranslation(searchTexts);
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-night-100 bg-white px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="h-10 w-10 text-glow-800" />
      <h3 className="text-lg font-semibold text-night-900">{t("search.empty.title")}</h3>
      {wider && onWiden ? (
        <>
          <p className="max-w-md text-slate-700">
            {wider.total === 1
              ? t("search.wider.one", { radius: wider.radius })
              : t("search.wider.many", { count: wider.total, radius: wider.radius })}
          </p>
          <Button variant="primary" onClick={() => onWiden(wider.radius)} className="mt-2">
            {t("search.wider.button", { radius: wider.radius })}
          </Button>
        </>
      ) : (
        <>
          <p className="max-w-md text-slate-700">{t("search.empty.text")}</p>
          <Button variant="primary" onClick={onReset} className="mt-2">
            {t("search.empty.reset")}
          </Button>
        </>
      )}
    </div>
  );
}
