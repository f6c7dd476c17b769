import { useEffect } from "react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { notify } from "@web/lib/notify";
import { profileTexts } from "../texts";

/** A tab's data could not load: 'Erreur lors du chargement du profil' (toast and text), and a retry. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(profileTexts);
  useEffect(() => {
    notify.error(t("profile.loadError"));
  }, [t]);
  return (
    <div className="rounded-2xl border border-red-200 bg-white p-6">
      <p className="font-semibold text-red-800">{t("profile.loadError")}</p>
      <Button className="mt-4" variant="secondary" onClick={onRetry}>
        {t("profile.retry")}
      </Button>
    </div>
  );
}

/** Grey blocks in the shape of a form, while its values load. */
export function FormSkeleton({ fields = 6 }: { fields?: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={t("common.loading")} className="grid gap-4 sm:grid-cols-2">
      {Array.from({ length: fields }, (_, i) => (
        <div key={i} className="h-16 animate-pulse rounded-xl bg-night-100" />
      ))}
    </div>
  );
}
