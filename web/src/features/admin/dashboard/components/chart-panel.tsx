// A chart's card: its title (h2) and what it shows, the chart itself as one image whose name says
// what matters (the total and the peak), and its text alternative, the same figures as a table
// behind 'Voir le tableau'. The chart is drawn for the eye only: no focus stop inside, every figure
// reaches the keyboard and the screen reader through the table.
import { type ReactNode, useId, useState } from "react";
import { Table2 } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { adminDashboardTexts } from "../texts";

type ChartPanelProps = {
  title: string;
  description: string;
  /** The chart's accessible name: what it shows, its total and its peak. */
  summary: string;
  chart: ReactNode;
  table: ReactNode;
};

export function ChartPanel({ title, description, summary, chart, table }: ChartPanelProps) {
  const { t } = useTranslation(adminDashboardTexts);
  const headingId = useId();
  const tableId = useId();
  const [tableShown, setTableShown] = useState(false);
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-night-100 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-night-900">
            {title}
          </h2>
          <p className="text-sm text-slate-700">{description}</p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          className="border border-night-600"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          <Table2 aria-hidden="true" className="h-4 w-4" />
          {t(tableShown ? "adminDashboard.table.hide" : "adminDashboard.table.show")}
        </Button>
      </div>
      {/* Clipped: the drawing keeps its old width for a frame after the window narrows. */}
      <div role="img" aria-label={summary} className="mt-4 h-64 min-w-0 overflow-hidden">
        {chart}
      </div>
      <div id={tableId} hidden={!tableShown} className="mt-4">
        {tableShown && table}
      </div>
    </section>
  );
}
