// The admin console's menu logic (web/src/features/admin): which section a path is in, so the
// frame's title follows sub-pages, and the menu search on a section's name and description.
import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS, type AdminSection } from "@web/features/admin/admin-sections";
import en from "@web/features/admin/i18n/en.json";
import fr from "@web/features/admin/i18n/fr.json";
import { sectionsMatching } from "@web/features/admin/menu-search";
import { adminSectionAt } from "@web/features/admin/use-admin-section";

describe("adminSectionAt", () => {
  it("is the dashboard at /admin, the section of the first segment elsewhere", () => {
    expect(adminSectionAt("/admin")).toBe("dashboard");
    expect(adminSectionAt("/admin/")).toBe("dashboard");
    expect(adminSectionAt("/admin/geography")).toBe("geography");
    expect(adminSectionAt("/admin/ai-config")).toBe("ai-config");
    expect(adminSectionAt("/admin/users/0b5c1d2e-42")).toBe("users");
  });
});

describe("sectionsMatching", () => {
  const textsIn =
    ({ admin }: typeof fr) =>
    (section: AdminSection) =>
      `${admin.sections[section]} ${admin.descriptions[section]}`;

  it("gives every section for an empty query, in sidebar order", () => {
    expect(sectionsMatching("  ", textsIn(fr))).toEqual([...ADMIN_SECTIONS]);
  });

  it("finds a section by a word of its description, ignoring case and accents", () => {
    expect(sectionsMatching("rembours", textsIn(fr))).toEqual(["subscriptions"]);
    expect(sectionsMatching("GEOGRAPHIE", textsIn(fr))).toEqual(["geography"]);
    expect(sectionsMatching("refunds", textsIn(en))).toEqual(["subscriptions"]);
  });

  it("needs every word, wherever it is", () => {
    expect(sectionsMatching("comptes suspension", textsIn(fr))).toEqual(["users"]);
    expect(sectionsMatching("comptes carte", textsIn(fr))).toEqual([]);
  });

  it("has a description for each section in both languages", () => {
    for (const section of ADMIN_SECTIONS) {
      expect(fr.admin.descriptions[section], section).toBeTruthy();
      expect(en.admin.descriptions[section], section).toBeTruthy();
    }
  });
});
