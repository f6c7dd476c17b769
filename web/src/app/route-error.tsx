import { useTranslation } from "react-i18next";
import { Link, useRouteError } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";

/** Last-resort screen (a chunk failed to load after a deploy, a render crashed). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{t("errors.internal")}</h1>
      <p className="mt-3 text-slate-700">{t("common.routeErrorText")}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClasses("secondary")} onClick={() => window.location.reload()}>
          {t("common.reload")}
        </button>
        <Link to="/" className={buttonClasses("ghost")}>
          {t("common.backHome")}
        </Link>
      </div>
    </main>
  );
}
