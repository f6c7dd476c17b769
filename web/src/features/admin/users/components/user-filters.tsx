// The Users list's search box (name, email, city or phone) and its filters: role, status, verified
// profile and plan.
import { SUBSCRIPTION_PLANS, USER_TYPES } from "@db/schema/enums";
import { ACCOUNT_STATUSES, USER_SEARCH_MAX_LENGTH, type UsersQuery } from "@db/validators/admin-users";
import { useTranslation } from "@web/lib/i18n";
import { FilterSelect, ListFilters, SearchBox } from "../../components/list-filters";
import type { ListUpdate } from "../../list/use-list-query";
import { usersList } from "../list-params";
import { adminUsersTexts } from "../texts";

type FiltersProps = { query: UsersQuery; onChange: ListUpdate<UsersQuery>; onClear: () => void };

export function UserFilters({ query, onChange, onClear }: FiltersProps) {
  const { t } = useTranslation(adminUsersTexts);
  return (
    <ListFilters label={t("adminUsers.filters.label")} active={usersList.hasFilters(query)} onClear={onClear}>
      <SearchBox
        q={query.q ?? ""}
        label={t("adminUsers.filters.search")}
        placeholder={t("adminUsers.filters.searchPlaceholder")}
        maxLength={USER_SEARCH_MAX_LENGTH}
        onChange={onChange}
      />
      <FilterSelect
        label={t("adminUsers.filters.role")}
        value={query.role}
        options={USER_TYPES.map((role) => [role, t(`adminUsers.roles.${role}`)])}
        onSelect={(role) => onChange({ role: role as UsersQuery["role"] })}
      />
      <FilterSelect
        label={t("adminUsers.filters.status")}
        value={query.status}
        options={ACCOUNT_STATUSES.map((status) => [status, t(`adminUsers.statuses.${status}`)])}
        onSelect={(status) => onChange({ status: status as UsersQuery["status"] })}
      />
      <FilterSelect
        label={t("adminUsers.filters.verified")}
        value={query.verified}
        options={[
          ["true", t("adminUsers.filters.verifiedTrue")],
          ["false", t("adminUsers.filters.verifiedFalse")],
        ]}
        onSelect={(verified) => onChange({ verified: verified as UsersQuery["verified"] })}
      />
      <FilterSelect
        label={t("adminUsers.filters.plan")}
        value={query.plan}
        options={SUBSCRIPTION_PLANS.map((plan) => [plan, t(`adminShared.plans.${plan}`)])}
        onSelect={(plan) => onChange({ plan: plan as UsersQuery["plan"] })}
      />
    </ListFilters>
  );
}
