// The list's search box and filters. The search asks the server 300 ms after the last keystroke
// (not once per letter) and starts again at page 1; each select applies at once.
import { useEffect, useId, useState } from "react";
import { USER_TYPES, SUBSCRIPTION_PLANS } from "@db/schema/enums";
import { ACCOUNT_STATUSES, USER_SEARCH_MAX_LENGTH, type UsersQuery } from "@db/validators/admin-users";
import { FilterField } from "@web/components/form/filter-field";
import { Button } from "@web/components/ui/button";
import { type TFunction, useTranslation } from "@web/lib/i18n";
import { hasFilters } from "../list-params";
import { adminUsersTexts } from "../texts";
import type { ListUpdate } from "../use-list-query";

const SEARCH_DELAY_MS = 300;

type FiltersProps = { query: UsersQuery; onChange: ListUpdate; onClear: () => void };

export function UserFilters({ query, onChange, onClear }: FiltersProps) {
  const { t } = useTranslation(adminUsersTexts);
  return (
    <div
      role="search"
      aria-label={t("adminUsers.filters.label")}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-night-100 bg-white p-4 shadow-sm lg:grid-cols-4"
    >
      <SearchBox q={query.q ?? ""} onChange={onChange} />
      <FilterSelect
        label={t("adminUsers.filters.role")}
        value={query.role}
        options={USER_TYPES.map((role) => [role, t(`adminUsers.roles.${role}`)])}
        onSelect={(role) => onChange({ role: role as UsersQuery["role"] })}
        t={t}
      />
      <FilterSelect
        label={t("adminUsers.filters.status")}
        value={query.status}
        options={ACCOUNT_STATUSES.map((status) => [status, t(`adminUsers.statuses.${status}`)])}
        onSelect={(status) => onChange({ status: status as UsersQuery["status"] })}
        t={t}
      />
      <FilterSelect
        label={t("adminUsers.filters.verified")}
        value={query.verified}
        options={[
          ["true", t("adminUsers.filters.verifiedTrue")],
          ["false", t("adminUsers.filters.verifiedFalse")],
        ]}
        onSelect={(verified) => onChange({ verified: verified as UsersQuery["verified"] })}
        t={t}
      />
      <FilterSelect
        label={t("adminUsers.filters.plan")}
        value={query.plan}
        options={SUBSCRIPTION_PLANS.map((plan) => [plan, t(`adminUsers.plans.${plan}`)])}
        onSelect={(plan) => onChange({ plan: plan as UsersQuery["plan"] })}
        t={t}
      />
      {hasFilters(query) && (
        <div className="col-span-2 flex items-end lg:col-span-1">
          <Button variant="ghost" className="w-full border border-night-600" onClick={onClear}>
            {t("adminUsers.filters.clear")}
          </Button>
        </div>
      )}
    </div>
  );
}

function SearchBox({ q, onChange }: { q: string; onChange: ListUpdate }) {
  const { t } = useTranslation(adminUsersTexts);
  const id = useId();
  const [text, setText] = useState(q);
  // The URL's search changed from elsewhere (cleared, Back): the box shows it. Not when it is only
  // what was typed, trimmed: a space typed before the next word must stay.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => onChange({ q: wanted || undefined }, { replace: true }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, onChange]);
  return (
    <FilterField
      id={id}
      label={t("adminUsers.filters.search")}
      placeholder={t("adminUsers.filters.searchPlaceholder")}
      value={text}
      maxLength={USER_SEARCH_MAX_LENGTH}
      onChange={setText}
      className="col-span-2 lg:col-span-4"
    />
  );
}

type FilterSelectProps = {
  label: string;
  value: string | undefined;
  options: [value: string, label: string][];
  onSelect: (value: string | undefined) => void;
  t: TFunction;
};

/** A filter's select; its first choice, 'Tous', leaves the filter out. */
function FilterSelect({ label, value, options, onSelect, t }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-night-900">
        {label}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onSelect(event.target.value || undefined)}
        className="h-11 rounded-xl border border-night-600 bg-white px-3 text-sm text-night-900"
      >
        <option value="">{t("adminUsers.filters.all")}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
