// /favorites: the parent's favourite sitters from the database, a text filter on name or city (applied
// by the server, kept in the URL as ?q=), remove, 'Voir le profil' in the same tab (Back returns to the
// list), a skeleton while loading, and two empty states (no favourite yet; nothing matches).
import { Heart, SearchX } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { SEARCH_INPUT_DELAY_MS } from "@db/constants/search-filters";
import { FAVOURITES_FILTER_MAX_LENGTH } from "@db/validators/favourites";
import { FilterField } from "@web/components/form/filter-field";
import { Button } from "@web/components/ui/button";
import { buttonClasses } from "@web/components/ui/button-styles";
import { PageFrame } from "@web/components/ui/page-frame";
import { type FavouriteCard as Card, useSetFavourite } from "@web/lib/favourites";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { useFavourites } from "./api/list-favourites";
import { FavouriteCard, FavouriteCardSkeleton } from "./components/favourite-card";
import { favouritesTexts } from "./texts";

const SKELETON_CARDS = 3;

export function FavouritesPage() {
  const { t } = useTranslation(favouritesTexts);
  const { data: profile } = useSession();
  if (profile && profile.user_type !== "parent") return <ParentsOnly />;
  return (
    <PageFrame title={t("pages.favourites")} intro={t("favourites.intro")}>
      <FavouritesList />
    </PageFrame>
  );
}

/** The filter's text, sent to the server once typing pauses, and kept in the URL. */
function useFilter() {
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const [input, setInput] = useState(query);
  useEffect(() => {
    const wanted = input.trim();
    if (wanted === query) return;
    const timer = setTimeout(() => setParams(wanted ? { q: wanted } : {}, { replace: true }), SEARCH_INPUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input, query, setParams]);
  const clear = () => {
    setInput("");
    setParams({}, { replace: true });
  };
  return { input, setInput, query, clear };
}

function FavouritesList() {
  const { t } = useTranslation(favouritesTexts);
  const filter = useFilter();
  const favourites = useFavourites(filter.query);
  const setFavourite = useSetFavourite();
  const countLine = useRef<HTMLParagraphElement>(null);
  const cards = favourites.data?.favourites;

  // A removed card takes the focused button with it: focus goes to the count above the list, not
  // to the page's top.
  const shown = cards?.length ?? 0;
  const previouslyShown = useRef(shown);
  useEffect(() => {
    if (shown < previouslyShown.current && document.activeElement === document.body) countLine.current?.focus();
    previouslyShown.current = shown;
  }, [shown]);

  const remove = (card: Card) => setFavourite.mutate({ babysitterId: card.id, favourite: false });

  return (
    <div>
      <FilterField
        id="favourites-filter"
        label={t("favourites.filter.label")}
        placeholder={t("favourites.filter.placeholder")}
        value={filter.input}
        maxLength={FAVOURITES_FILTER_MAX_LENGTH}
        onChange={filter.setInput}
        className="max-w-md"
      />

      <p ref={countLine} tabIndex={-1} aria-live="polite" className="mt-6 min-h-5 text-sm font-semibold text-slate-700">
        {favourites.data && <CountText total={favourites.data.total} shown={shown} query={filter.query} />}
      </p>

      {favourites.isPending ? (
        <div
          role="status"
          aria-label={t("favourites.loading")}
          className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <FavouriteCardSkeleton key={index} />
          ))}
        </div>
      ) : favourites.isError ? (
        <EmptyState icon={<SearchX aria-hidden="true" className="h-8 w-8" />} title={t("favourites.loadError")}>
          <Button onClick={() => void favourites.refetch()}>{t("common.retry")}</Button>
        </EmptyState>
      ) : favourites.data.total === 0 ? (
        <EmptyState
          icon={<Heart aria-hidden="true" className="h-8 w-8" />}
          title={t("favourites.empty.title")}
          text={t("favourites.empty.text")}
        >
          <Link to="/search" className={buttonClasses("primary")}>
            {t("favourites.empty.toSearch")}
          </Link>
        </EmptyState>
      ) : shown === 0 ? (
        <EmptyState
          icon={<SearchX aria-hidden="true" className="h-8 w-8" />}
          title={t("favourites.noMatch.title", { query: filter.query })}
          text={t("favourites.noMatch.text")}
        >
          <Button variant="secondary" onClick={filter.clear}>
            {t("favourites.filter.clear")}
          </Button>
        </EmptyState>
      ) : (
        <ul
          aria-busy={favourites.isPlaceholderData || undefined}
          className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {cards!.map((card) => (
            <li key={card.id}>
              <FavouriteCard card={card} onRemove={remove} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CountText({ total, shown, query }: { total: number; shown: number; query: string }) {
  const { t } = useTranslation(favouritesTexts);
  if (total === 0) return null;
  if (query) return <>{t("favourites.count.filtered", { shown, count: total, query })}</>;
  return <>{t("favourites.count.count", { count: total })}</>;
}

function EmptyState({
  icon,
  title,
  text,
  children,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-3 flex flex-col items-center rounded-2xl border border-dashed border-night-600 bg-white px-6 py-12 text-center">
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-night-50 text-night-700">{icon}</span>
      <p className="mt-4 text-lg font-semibold text-night-900">{title}</p>
      {text && <p className="mt-2 max-w-md text-slate-700">{text}</p>}
      <div className="mt-6">{children}</div>
    </div>
  );
}

function ParentsOnly() {
  const { t } = useTranslation(favouritesTexts);
  return (
    <PageFrame title={t("pages.favourites")}>
      <div className="rounded-2xl border border-night-100 bg-white p-6 shadow-sm">
        <p className="text-lg font-semibold text-night-900">{t("favourites.parentsOnly.title")}</p>
        <p className="mt-2 text-slate-700">{t("favourites.parentsOnly.text")}</p>
        <Link to="/dashboard" className={buttonClasses("secondary", "md", "mt-4")}>
          {t("favourites.parentsOnly.toDashboard")}
        </Link>
      </div>
    </PageFrame>
  );
}
