import { useTranslation } from "@web/lib/i18n";
import { ComingSoonPage } from "@web/components/ui/page-frame";

// Interactive demo (three scenarios): arrives with the home-and-demo issue.
export function DemoPage() {
  const { t } = useTranslation();
  return <ComingSoonPage title={t("pages.demo")} />;
}
