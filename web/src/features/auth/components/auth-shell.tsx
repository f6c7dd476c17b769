import type { ReactNode } from "react";
import { LanguageSwitcher } from "@web/components/ui/language-switcher";
import { Logo } from "@web/components/ui/logo";
import { useDocumentTitle } from "@web/components/ui/page-frame";

/** Frameless layout of /login and /register: the mark, the language switch and one card. */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  useDocumentTitle(title);
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
