import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Persisted favourites: arrive with the favourites issue.
export function FavoritesPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.favorites")} />;
}
