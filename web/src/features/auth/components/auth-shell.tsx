import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router-dom";
import { LanguageSwitcher } from "@web/components/ui/language-switcher";
import { Logo } from "@web/components/ui/logo";
import { useDocumentTitle } from "@web/components/ui/page-frame";
import { safeRedirect, signedInHome } from "@web/lib/safe-redirect";
import { useSession } from "@web/lib/session";

/**
 * Frameless layout of /login and /register: the mark, the language switch and one card. Someone
 * already signed in goes on to where they were heading (by default the dashboard, or the console
 * for an admin in the desktop app: signedInHome); the form shows
 * while the session is checked, so a visitor never waits for it.
 */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
  const { data: profile } = useSession();
  const location = useLocation();
  if (profile) {
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={safeRedirect(from, signedInHome(profile.user_type))} replace />;
  }
  return (
    <div className="min-h-screen bg-night-900 px-4 py-6 sm:py-10">
      <header className="mx-auto flex max-w-xl items-center justify-between">
        <Logo tone="light" />
        <div className="text-white">
          <LanguageSwitcher tone="light" />
        </div>
      </header>
      <main id="main" className="mx-auto mt-8 max-w-xl rounded-3xl bg-cream p-6 shadow-xl sm:p-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {subtitle && <p className="mt-2 text-slate-700">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
