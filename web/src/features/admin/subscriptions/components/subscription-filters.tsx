// The Subscriptions list's search box (the babysitter's name, email or city) and its filters: status and plan.
import { SUBSCRIPTION_PLANS, SUBSCRIPTION_STATUSES } from "@db/schema/enums";
import type { SubscriptionsQuery } from "@db/validators/admin-subscriptions";
import { USER_SEARCH_MAX_LENGTH } from "@db/validators/admin-users";
import { useTranslation } from "@web/lib/i18n";
import { FilterSelect, ListFilters, SearchBox } from "../../components/list-filters";
import type { ListUpdate } from "../../list/use-list-query";
import { subscriptionsList } from "../list-params";
import { adminSubscriptionsTexts } from "../texts";

type FiltersProps = { query: SubscriptionsQuery; onChange: ListUpdate<SubscriptionsQuery>; onClear: () => void };

export function SubscriptionFilters({ query, onChange, onClear }: FiltersProps) {
  const { t } = useTranslation(adminSubscriptionsTexts);
  return (
    <ListFilters
      label={t("adminSubscriptions.filters.label")}
      active={subscriptionsList.hasFilters(query)}
      onClear={onClear}
    >
      <SearchBox
        q={query.q ?? ""}
        label={t("adminSubscriptions.filters.search")}
        placeholder={t("adminSubscriptions.filters.searchPlaceholder")}
        maxLength={USER_SEARCH_MAX_LENGTH}
        onChange={onChange}
      />
      <FilterSelect
        label={t("adminSubscriptions.filters.status")}
        value={query.status}
        options={SUBSCRIPTION_STATUSES.map((status) => [status, t(`adminSubscriptions.statuses.${status}`)])}
        onSelect={(status) => onChange({ status: status as SubscriptionsQuery["status"] })}
      />
      <FilterSelect
        label={t("adminSubscriptions.filters.plan")}
        value={query.plan}
        options={SUBSCRIPTION_PLANS.map((plan) => [plan, t(`adminShared.plans.${plan}`)])}
        onSelect={(plan) => onChange({ plan: plan as SubscriptionsQuery["plan"] })}
      />
    </ListFilters>
  );
}
