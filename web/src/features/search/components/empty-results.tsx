// No sitter matches (core-flows §2: an empty state with a reset action).
import { SearchX } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { searchTexts } from "../texts";

export function EmptyResults({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation(searchTexts);
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-night-100 bg-white px-6 py-12 text-center">
      <SearchX aria-hidden="true" className="h-10 w-10 text-glow-800" />
      <h3 className="text-lg font-semibold text-night-900">{t("search.empty.title")}</h3>
      <p className="max-w-md text-slate-700">{t("search.empty.text")}</p>
      <Button variant="primary" onClick={onReset} className="mt-2">
        {t("search.empty.reset")}
      </Button>
    </div>
  );
}
