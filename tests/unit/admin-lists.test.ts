// The console's lists (web/src/features/admin/list): the URL's query string read with the server's
// own schema (a refused value falls back to its default alone), defaults left out of the URL, the
// export's parameters without the paging; and every audit action has a readable name in both languages.
import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS } from "@db/constants/audit";
import { auditQuerySchema } from "@db/validators/admin-audit";
import { subscriptionsQuerySchema } from "@db/validators/admin-subscriptions";
import en from "@web/features/admin/i18n/en/shared.json";
import fr from "@web/features/admin/i18n/fr/shared.json";
import { listParams } from "@web/features/admin/list/list-params";

const subscriptions = listParams(subscriptionsQuerySchema, ["q", "status", "plan"]);

describe("listParams", () => {
  it("reads each parameter by the schema's rule: a refused one falls back to its default, the others apply", () => {
    const query = subscriptions.read(new URLSearchParams("q=lea&status=paused&plan=gold&page=3&page_size=7&dir=up"));
    expect(query).toEqual({ ...subscriptions.defaults, q: "lea", status: "paused", page: 3 });
    expect(subscriptions.read(new URLSearchParams("q="))).toEqual(subscriptions.defaults);
  });

  it("leaves the defaults and empty values out of the URL, and the paging out of the export", () => {
    const query = { ...subscriptions.defaults, q: "lea", plan: "standard" as const, sort: "amount" as const, page: 2 };
    expect(subscriptions.toParams(query)).toEqual({ q: "lea", plan: "standard", sort: "amount", page: "2" });
    expect(subscriptions.exportParams(query)).toEqual({ q: "lea", plan: "standard", sort: "amount" });
    expect(subscriptions.hasFilters(query)).toBe(true);
    expect(subscriptions.hasFilters({ ...subscriptions.defaults, sort: "name" })).toBe(false);
  });

  it("keeps a period apart from the filters: the audit log opens over 7 days", () => {
    const audit = listParams(auditQuerySchema, ["q", "status", "severity"]);
    expect(audit.defaults.period).toBe("7d");
    expect(audit.toParams({ ...audit.defaults, period: "1d" })).toEqual({ period: "1d" });
    expect(audit.hasFilters({ ...audit.defaults, period: "90d" })).toBe(false);
  });
});

describe("the audit actions' names", () => {
  it("exist in French and English for every action the services write", () => {
    const keys = Object.keys(AUDIT_ACTIONS).map((action) => action.replaceAll(".", "_"));
    for (const texts of [fr, en]) expect(keys.filter((key) => !(key in texts.adminShared.audit.actions))).toEqual([]);
  });
});
