import { useTranslation } from "react-i18next";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Persisted favourites: arrive with the favourites issue.
export function FavoritesPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.favorites")} />;
}
