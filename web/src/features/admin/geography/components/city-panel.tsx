// One city's panel, opened from its bubble, the ranking or a top list: its market penetration
// (sitters and parents per 10,000 inhabitants, subscribers among its sitters), then its figures over
// the period and the demand it leaves unmet. The heading takes the focus as the panel opens, so a
// keyboard or screen-reader user lands on it; 'Fermer' returns the focus to where it came from.
import { X } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import type { CityStats } from "@db/validators/admin-geography";
import { Button } from "@web/components/ui/button";
import { useGeographyFormat } from "../format";

type CityPanelProps = { city: CityStats; onClose: () => void };

export function CityPanel({ city, onClose }: CityPanelProps) {
  const format = useGeographyFormat();
  const { t } = format;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    opener.current ??= document.activeElement;
    heading.current?.focus();
  }, [city.id]);
  const close = () => {
    onClose();
    if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
  };
  const share =
    city.subscriber_share_pct === null
      ? format.none
      : t("adminGeography.panel.shareValue", {
          subscribers: format.count(city.subscribers),
          sitters: format.count(city.sitters),
          percent: format.percent(city.subscriber_share_pct),
        });
  const penetration: [string, string][] = [
    [t("adminGeography.panel.population"), city.population > 0 ? format.count(city.population) : format.none],
    [t("adminGeography.panel.sittersPer10k"), format.per10k(city.sitters_per_10k)],
    [t("adminGeography.panel.parentsPer10k"), format.per10k(city.parents_per_10k)],
    [t("adminGeography.panel.subscriberShare"), share],
  ];
  const figures: [string, string][] = [
    [t("adminGeography.columns.subscribers"), format.count(city.subscribers)],
    [t("adminGeography.columns.revenue"), format.euros(city.revenue_cents)],
    [t("adminGeography.columns.growth"), format.change(city.growth_pct)],
    [t("adminGeography.columns.avgBooking"), format.or(city.avg_booking_cents, format.euros)],
    [t("adminGeography.columns.responseTime"), format.duration(city.response_minutes)],
    [t("adminGeography.columns.satisfaction"), format.rating(city.satisfaction)],
  ];
  const unmet: [string, string][] = [
    [t("adminGeography.panel.thinSearches"), format.count(city.unmet.searches)],
    [t("adminGeography.panel.declined"), format.count(city.unmet.declined)],
    [t("adminGeography.panel.expired"), format.count(city.unmet.expired)],
    [t("adminGeography.panel.unmetTotal"), format.count(city.unmet.total)],
  ];
  return (
    <section
      aria-labelledby={headingId}
      data-testid="city-panel"
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-night-100 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-night-900">
          {t("adminGeography.panel.title", { city: city.name, department: city.department })}
        </h2>
        <Button variant="ghost" size="sm" onClick={close} aria-label={t("adminGeography.panel.close")}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>
      <Figures title={t("adminGeography.panel.penetration")} rows={penetration} />
      <Figures title={t("adminGeography.panel.figures")} rows={figures} />
      <Figures title={t("adminGeography.panel.unmet")} rows={unmet} />
      <p className="text-xs text-slate-700">{t("adminGeography.panel.unmetHelp")}</p>
    </section>
  );
}

function Figures({ title, rows }: { title: string; rows: [string, string][] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-night-900">{title}</h3>
      <dl className="mt-1 divide-y divide-night-100">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3 py-1.5 text-sm">
            <dt className="min-w-0 text-slate-700">{label}</dt>
            <dd className="shrink-0 whitespace-nowrap text-right font-semibold text-night-900">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
