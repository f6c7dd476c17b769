import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "@web/lib/i18n";
import { Link } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";

type BoundaryProps = { children: ReactNode; /** A new value (the next page) clears the error. */ resetKey: string };

/** Catches what a page throws while rendering (a chunk that failed to load after a deploy, a crash). */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
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
