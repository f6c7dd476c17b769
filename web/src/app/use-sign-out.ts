import { useNavigate } from "react-router-dom";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";

/**
 * Signed out locally even when the server could not be told; home either way. The request's module
 * (and the query cache it clears) is fetched on the click: the first load of / does without it.
 * The header's menus and the admin console's sidebar (through admin-frame.tsx) sign out here.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return () =>
    void import("@web/features/auth/api/sign-out")
      .then(({ signOutEverywhere }) => signOutEverywhere())
      .catch(() => notify.error(t("errors.internal")))
      .finally(() => navigate("/", { replace: true }));
}
