// The frame of a page of figures over a period, the dashboard's and the analytics': the toolbar
// (period, dates, when computed, 'Actualiser'), then the figures; before the first answer, grey
// blocks announced as loading, or the error with a retry. While another period loads, the figures
// on screen stay, dimmed and marked busy. The page reads its period (useDashboardPeriod) and asks
// for its figures itself, then hands both here.
import type { UseQueryResult } from "@tanstack/react-query";
import { clsx } from "clsx";
import type { ReactNode } from "react";
import type { AdminDashboard, DashboardPeriod } from "@db/validators/admin-dashboard";
import { LoadError } from "@web/components/ui/page-states";
import { Skeleton, SkeletonBlock } from "../../components/skeleton";
import { DashboardToolbar } from "./dashboard-toolbar";
import { REFRESHING } from "../../components/refreshing";

export function PeriodFigures<Figures extends Pick<AdminDashboard, "from" | "to">>({
  period,
  onPeriod,
  query,
  intro,
  loadError,
  skeleton,
  children,
}: {
  period: DashboardPeriod;
  onPeriod: (period: DashboardPeriod) => void;
  query: UseQueryResult<Figures>;
  /** A line above the toolbar. */
  intro?: ReactNode;
  /** What the error card says when the first figures could not load. */
  loadError: string;
  /** What stands for the figures before the first answer (a FiguresSkeleton). */
  skeleton: ReactNode;
  children: (figures: Figures) => ReactNode;
}) {
  const { data } = query;
  const refetch = () => void query.refetch();
  return (
    <div className="flex flex-col gap-4">
      {intro}
      <DashboardToolbar
        period={period}
        onPeriod={onPeriod}
        data={data}
        fetching={query.isFetching}
        failed={query.isError}
        onRefresh={refetch}
      />
      {data ? (
        <div
          aria-busy={query.isPlaceholderData || undefined}
          className={clsx("flex flex-col gap-4 transition-opacity", query.isPlaceholderData && REFRESHING)}
        >
          {children(data)}
        </div>
      ) : query.isError ? (
        <LoadError variant="card" message={loadError} onRetry={refetch} />
      ) : (
        skeleton
      )}
    </div>
  );
}

/**
 * The grey blocks before the first figures, announced once as loading: a grid of cards, two charts
 * side by side, then the page's own rows (children).
 */
export function FiguresSkeleton({
  cards,
  cardsClassName,
  cardClassName,
  children,
}: {
  cards: number;
  /** The cards' grid (its columns at each width). */
  cardsClassName: string;
  /** A card's height. */
  cardClassName: string;
  children?: ReactNode;
}) {
  return (
    <Skeleton className="flex flex-col gap-4">
      <div className={cardsClassName}>
        {Array.from({ length: cards }, (_, index) => (
          <SkeletonBlock key={index} className={cardClassName} />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
        <SkeletonBlock className="h-80" />
        <SkeletonBlock className="h-80" />
      </div>
      {children}
    </Skeleton>
  );
}
