// The figures above a list (paid plans, revenue, failures...): a card each, two a row on a phone,
// four from lg. A value still loading is a grey block, announced once for the whole group.
import { useId } from "react";
import { useTranslation } from "@web/lib/i18n";

export type StatCard = {
  label: string;
  /** Undefined while loading. */
  value: string | undefined;
};

export function StatCards({ title, cards }: { title: string; cards: StatCard[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const loading = cards.some((card) => card.value === undefined);
  return (
    <section aria-labelledby={headingId} aria-busy={loading || undefined}>
      <h2 id={headingId} className="sr-only">
        {title}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div key={card.label} className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm">
            <dt className="text-sm font-medium text-slate-700">{card.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-night-900">
              {card.value ?? <span aria-hidden="true" className="block h-8 w-20 animate-pulse rounded bg-night-100" />}
            </dd>
          </div>
        ))}
      </dl>
      {loading && (
        <span className="sr-only" role="status">
          {t("common.loading")}
        </span>
      )}
    </section>
  );
}
