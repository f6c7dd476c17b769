import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Search on real data (list, map, filters): arrives with the search issue.
export function SearchPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.search")} />;
}
