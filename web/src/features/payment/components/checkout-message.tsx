// A card in place of the payment form when there is nothing to pay here: an unknown plan, a parent,
// a plan already paid for, or a payment that could not start (with 'Réessayer').
import type { ReactNode } from "react";
import { PageFrame } from "@web/components/ui/page-frame";

export function MessageCard({
  title,
  children,
  actions,
  tone = "info",
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  tone?: "info" | "error";
}) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      className={
        tone === "error"
          ? "rounded-2xl border border-red-200 bg-red-50 p-6"
          : "rounded-2xl border border-night-100 bg-white p-6 shadow-sm"
      }
    >
      <h2 className="text-lg font-semibold text-night-900">{title}</h2>
      <div className="mt-2 text-slate-700">{children}</div>
      {actions && <div className="mt-5 flex flex-wrap gap-3">{actions}</div>}
    </div>
  );
}

/** A page made of one such card (the page's title is its h1). */
export function MessagePage({ pageTitle, ...card }: Parameters<typeof MessageCard>[0] & { pageTitle: string }) {
  return (
    <PageFrame title={pageTitle}>
      <div className="max-w-2xl">
        <MessageCard {...card} />
      </div>
    </PageFrame>
  );
}
