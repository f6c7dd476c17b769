import { useTranslation } from "@web/lib/i18n";
import { PageFrame } from "@web/components/ui/page-frame";
import { RequestResetForm } from "./components/request-reset-form";
import { authTexts } from "./texts";

export function ForgotPasswordPage() {
  const { t } = useTranslation(authTexts);
  return (
    <PageFrame title={t("auth.forgot.title")} intro={t("auth.forgot.intro")}>
      <RequestResetForm />
    </PageFrame>
  );
}
