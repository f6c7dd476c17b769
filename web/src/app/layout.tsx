import { Suspense, useEffect } from "react";
import { useTranslation } from "@web/lib/i18n";
import { lazyWithQueries } from "@web/lib/query-provider";
import { useSession } from "@web/lib/session";
import { Link, Outlet, useLocation } from "react-router-dom";
import { Header } from "./header";

// Signed in with an unconfirmed email: 'Vérifiez votre email' under the header (its own chunk).
const VerifyEmailBanner = lazyWithQueries(() =>
  import("@web/features/auth/components/verify-email-banner").then((m) => ({ default: m.VerifyEmailBanner })),
);

/** The page frame: skip link, header, the page, a small footer. */
export function AppLayout() {
  const { t } = useTranslation();
  const signedIn = Boolean(useSession().data);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-glow-400 focus:px-4 focus:py-2 focus:text-night-950"
      >
        {t("nav.skipToContent")}
      </a>
      <Header />
      {signedIn && (
        <Suspense>
          <VerifyEmailBanner />
        </Suspense>
      )}
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="border-t border-night-100 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© {new Date().getFullYear()} Veilleuse</p>
          <nav aria-label={t("nav.footer")} className="flex gap-4">
            <Link className="inline-block py-0.5 hover:underline" to="/terms">
              {t("legal.terms.title")}
            </Link>
            <Link className="inline-block py-0.5 hover:underline" to="/privacy">
              {t("legal.privacy.title")}
            </Link>
          </nav>
        </div>
      </footer>
      <ScrollToTop />
    </div>
  );
}

/** Frameless pages (/login, /register). */
export function BareLayout() {
  return (
    <>
      <Outlet />
      <ScrollToTop />
    </>
  );
}

/** A new page starts at its top (the browser restores the position itself on back and forward). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
