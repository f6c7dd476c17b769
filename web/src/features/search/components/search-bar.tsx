// The free text (sent after the input delay), the city box and 'Ma position': what the search is
// about and where distances are measured from (position, else the city, else Paris).
import { LocateFixed, X } from "lucide-react";
import { TextField } from "@web/components/form/text-field";
import { Button } from "@web/components/ui/button";
import { useTranslation } from "@web/lib/i18n";
import { searchTexts } from "../texts";
import { useDebouncedDraft } from "../use-debounced-draft";
import type { PositionStatus } from "../use-position";
import type { SearchState } from "../use-search-state";
import { CityBox } from "./city-box";

type SearchBarProps = {
  state: SearchState;
  /** The server refused the place typed ('Ville ou code postal introuvable'). */
  locationError?: string;
  position: { status: PositionStatus; locate: () => void };
};

export function SearchBar({ state, position, locationError }: SearchBarProps) {
  const { t } = useTranslation(searchTexts);
  const { update, request } = state;
  const [text, setText] = useDebouncedDraft(state.search.q ?? "", (q) => update({ q }, "replace"));
  const usingPosition = Boolean(request.lat && request.lng);
  return (
    <form
      role="search"
      aria-label={t("search.form.label")}
      noValidate
      onSubmit={(event) => event.preventDefault()}
      className="flex flex-col gap-3"
    >
      <div className="grid items-end gap-4 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)_auto]">
        <TextField
          type="search"
          label={t("search.form.query")}
          placeholder={t("search.form.queryPlaceholder")}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
        <CityBox
          value={state.search.location ?? ""}
          onChange={(location) => update({ location, lat: null, lng: null })}
          error={locationError}
        />
        <Button
          variant="secondary"
          size="md"
          className="h-[46px]"
          onClick={position.locate}
          loading={position.status === "locating"}
        >
          {position.status !== "locating" && <LocateFixed aria-hidden="true" className="h-4 w-4" />}
          {position.status === "locating" ? t("search.position.locating") : t("search.position.use")}
        </Button>
      </div>
      <div aria-live="polite" className="flex flex-wrap items-center gap-2 text-sm">
        {usingPosition && (
          <span className="inline-flex items-center gap-1 rounded-full bg-night-900 py-1 pl-3 pr-1 text-white">
            {t("search.position.inUse")}
            <button
              type="button"
              onClick={() => update({ lat: null, lng: null })}
              aria-label={t("search.position.stop")}
              className="flex h-6 w-6 items-center justify-center rounded-full hover:bg-night-700"
            >
              <X aria-hidden="true" className="h-3.5 w-3.5" />
            </button>
          </span>
        )}
        {position.status === "denied" && <span className="text-glow-900">{t("search.position.denied")}</span>}
        {position.status === "unavailable" && <span className="text-glow-900">{t("search.position.unavailable")}</span>}
      </div>
    </form>
  );
}
