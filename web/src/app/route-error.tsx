import type { ErrorInfo, ReactNode } from "react";
import { ErrorBoundary } from "@web/components/error-boundary";
import { useTranslation } from "@web/lib/i18n";
import { Link } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";

type RouteErrorBoundaryProps = {
  children: ReactNode;
  /** A new value (the next page) clears the error. */
  resetKey: string;
  /** Called once the error screen is drawn (the router forgets the failed page's load there). */
  onError: () => void;
};

/** Catches what a page throws while rendering (a chunk that failed to load after a deploy, a crash). */
export function RouteErrorBoundary({ children, resetKey, onError }: RouteErrorBoundaryProps) {
  const pageFailed = (error: unknown, info: ErrorInfo) => {
    console.error(error, info.componentStack);
    onError();
  };
  return (
    <ErrorBoundary fallback={<RouteError />} resetKey={resetKey} onError={pageFailed}>
      {children}
    </ErrorBoundary>
  );
}

/** Last-resort screen. */
function RouteError() {
  const { t } = useTranslation();
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
