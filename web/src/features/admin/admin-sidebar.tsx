// The console's sidebar: the admin's badge, the menu search, the sections, Help and Logout. From
// the lg breakpoint it is a column, wide (names) or narrow (icons, each name in a tooltip on hover
// and focus, and still the entry's accessible name), as the admin last chose (sidebar-store.ts).
// Below it, it is a block above the page whose menu opens with 'Sections', so a phone never scrolls
// sideways nor through nine links before the page: the narrow choice is a desktop one, hence
// every narrow style below carries the lg: prefix.
import { clsx } from "clsx";
import {
  Bot,
  Building2,
  ChartColumn,
  CircleHelp,
  CreditCard,
  IdCard,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  MapPinned,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  ScrollText,
  Search,
  ShieldAlert,
  ShieldUser,
  Users,
} from "lucide-react";
import { type ReactNode, type RefObject, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { NavLink, useLocation, useNavigate } from "react-router-dom";
import { useTranslation } from "@web/lib/i18n";
import { useSession } from "@web/lib/session";
import { AdminHelpDialog } from "./admin-help-dialog";
import { ADMIN_HOME_SECTION, type AdminSection, adminSectionPath } from "./admin-sections";
import { sectionsMatching } from "./menu-search";
import { useSidebarStore } from "./sidebar-store";
import { adminTexts } from "./texts";

const ICONS: Record<AdminSection, LucideIcon> = {
  dashboard: LayoutDashboard,
  geography: MapPinned,
  subscriptions: CreditCard,
  moderation: ShieldAlert,
  verifications: IdCard,
  audit: ScrollText,
  "ai-config": Bot,
  users: Users,
  agencies: Building2,
  analytics: ChartColumn,
};

/** A menu entry's box: icon and name side by side, or the icon alone, centred, when narrow. */
const entryClasses = (narrow: boolean, colours: string) =>
  clsx(
    "group relative flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium",
    narrow && "lg:justify-center lg:px-0",
    colours,
  );

const ICON_CLASSES = "h-5 w-5 shrink-0";

export function AdminSidebar({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation(adminTexts);
  const narrow = useSidebarStore((state) => state.narrow);
  const setNarrow = useSidebarStore((state) => state.setNarrow);
  const { pathname } = useLocation();
  // On a phone the menu is open on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const phoneOpen = openOn === pathname;
  // A search leads somewhere: following a result (click or Enter) empties it, the menu whole again.
  const [query, setQuery] = useState("");
  const [helpOpen, setHelpOpen] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const menuId = useId();
  const sections = sectionsMatching(
    query,
    (section) => `${t(`admin.sections.${section}`)} ${t(`admin.descriptions.${section}`)}`,
  );

  // A narrow menu has no room for the search: collapsing forgets the query, so it never filters unseen.
  const collapse = () => {
    setQuery("");
    setNarrow(true);
  };
  // The narrow menu's search button widens the menu and puts the caret in the box, drawn at once.
  const searchFromNarrow = () => {
    flushSync(() => setNarrow(false));
    searchInput.current?.focus();
  };

  return (
    <aside className={clsx("shrink-0", narrow ? "lg:w-16" : "lg:w-64")}>
      <div className="rounded-2xl bg-night-900 p-3 text-white">
        <div className={clsx("flex items-center justify-between gap-2", narrow && "lg:flex-col")}>
          <AdminBadge narrow={narrow} />
          <button
            type="button"
            aria-expanded={!narrow}
            aria-controls={menuId}
            aria-label={t(narrow ? "admin.expand" : "admin.collapse")}
            title={t(narrow ? "admin.expand" : "admin.collapse")}
            onClick={narrow ? () => setNarrow(false) : collapse}
            className="shrink-0 rounded-lg p-2 hover:bg-white/10 max-lg:hidden"
          >
            {narrow ? (
              <PanelLeftOpen aria-hidden="true" className={ICON_CLASSES} />
            ) : (
              <PanelLeftClose aria-hidden="true" className={ICON_CLASSES} />
            )}
          </button>
          <button
            type="button"
            aria-expanded={phoneOpen}
            aria-controls={menuId}
            onClick={() => setOpenOn(phoneOpen ? null : pathname)}
            className="inline-flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium hover:bg-white/10 lg:hidden"
          >
            <Menu aria-hidden="true" className={ICON_CLASSES} />
            {t("admin.sectionsButton")}
          </button>
        </div>
        <div id={menuId} className={clsx("mt-3 flex flex-col gap-3", !phoneOpen && "max-lg:hidden")}>
          <MenuSearch
            inputRef={searchInput}
            narrow={narrow}
            query={query}
            onQuery={setQuery}
            firstMatch={sections[0]}
            onSearchFromNarrow={searchFromNarrow}
          />
          <nav aria-label={t("admin.sidebar")}>
            <ul className="flex flex-col gap-1">
              {sections.map((section) => (
                <li key={section}>
                  <SectionLink
                    section={section}
                    narrow={narrow}
                    described={query !== ""}
                    onFollow={() => setQuery("")}
                  />
                </li>
              ))}
            </ul>
            {/* Always there, so a screen reader hears the message when the last match goes. */}
            <p role="status" className="px-3 text-sm text-white/80">
              {sections.length === 0 ? t("admin.search.empty") : null}
            </p>
          </nav>
          <ul className="flex flex-col gap-1 border-t border-white/15 pt-3">
            <li>
              <button
                type="button"
                onClick={() => setHelpOpen(true)}
                className={entryClasses(narrow, "hover:bg-white/10")}
              >
                <CircleHelp aria-hidden="true" className={ICON_CLASSES} />
                <EntryName narrow={narrow}>{t("admin.help.button")}</EntryName>
              </button>
            </li>
            <li>
              <button type="button" onClick={onSignOut} className={entryClasses(narrow, "hover:bg-white/10")}>
                <LogOut aria-hidden="true" className={ICON_CLASSES} />
                <EntryName narrow={narrow}>{t("nav.logout")}</EntryName>
              </button>
            </li>
          </ul>
        </div>
      </div>
      <AdminHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </aside>
  );
}

/** The signed-in admin's name and role; only the role's icon when narrow (the words stay for screen readers). */
function AdminBadge({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation(adminTexts);
  const { data: profile } = useSession();
  if (!profile) return null; // RequireAdmin draws the console only for a signed-in admin
  const name = `${profile.first_name} ${profile.last_name}`;
  return (
    <div className="flex min-w-0 items-center gap-3" title={narrow ? `${name} · ${t("admin.badge")}` : undefined}>
      <ShieldUser aria-hidden="true" className="h-8 w-8 shrink-0 text-glow-300" />
      <div className={clsx("min-w-0", narrow && "lg:sr-only")}>
        <p className="font-semibold">{name}</p>
        <p className="text-sm text-glow-300">{t("admin.badge")}</p>
      </div>
    </div>
  );
}

function MenuSearch({
  inputRef,
  narrow,
  query,
  onQuery,
  firstMatch,
  onSearchFromNarrow,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  narrow: boolean;
  query: string;
  onQuery: (query: string) => void;
  firstMatch: AdminSection | undefined;
  onSearchFromNarrow: () => void;
}) {
  const { t } = useTranslation(adminTexts);
  const navigate = useNavigate();
  const inputId = useId();
  return (
    <>
      {/* Enter opens the first section found: the keyboard's shortcut to a link it would tab to. */}
      <form
        role="search"
        className={clsx("relative", narrow && "lg:hidden")}
        onSubmit={(event) => {
          event.preventDefault();
          if (!firstMatch) return;
          navigate(adminSectionPath(firstMatch));
          onQuery("");
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t("admin.search.label")}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-white/70"
        />
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          value={query}
          onChange={(event) => onQuery(event.target.value)}
          placeholder={t("admin.search.placeholder")}
          autoComplete="off"
          className="w-full rounded-lg border border-white/25 bg-night-800 py-2 pl-9 pr-3 text-sm text-white placeholder:text-white/70"
        />
      </form>
      {narrow && (
        <button
          type="button"
          onClick={onSearchFromNarrow}
          className={clsx(entryClasses(true, "hover:bg-white/10"), "hidden lg:flex")}
        >
          <Search aria-hidden="true" className={ICON_CLASSES} />
          <EntryName narrow>{t("admin.search.label")}</EntryName>
        </button>
      )}
    </>
  );
}

/** A section's link; `described` adds its one-line description (while searching: why it matched). */
function SectionLink({
  section,
  narrow,
  described,
  onFollow,
}: {
  section: AdminSection;
  narrow: boolean;
  described: boolean;
  onFollow: () => void;
}) {
  const { t } = useTranslation(adminTexts);
  const Icon = ICONS[section];
  return (
    <NavLink
      to={adminSectionPath(section)}
      // /admin is every section's parent: the dashboard is current on /admin alone.
      end={section === ADMIN_HOME_SECTION}
      onClick={onFollow}
      className={({ isActive }) =>
        entryClasses(narrow, isActive ? "bg-glow-400 text-night-950" : "text-white hover:bg-white/10")
      }
    >
      <Icon aria-hidden="true" className={ICON_CLASSES} />
      <EntryName narrow={narrow}>
        {t(`admin.sections.${section}`)}
        {described && (
          <span className="block text-xs font-normal opacity-80">{t(`admin.descriptions.${section}`)}</span>
        )}
      </EntryName>
    </NavLink>
  );
}

/**
 * An entry's name: beside its icon when wide. When narrow (lg and up), it is visually hidden but
 * still the entry's accessible name, and a copy shows as a tooltip while the entry is hovered or
 * focused (hidden from screen readers, which already read the name).
 */
function EntryName({ narrow, children }: { narrow: boolean; children: ReactNode }) {
  return (
    <>
      <span className={clsx("min-w-0", narrow && "lg:sr-only")}>{children}</span>
      {narrow && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute left-full top-1/2 z-20 ml-3 hidden -translate-y-1/2 whitespace-nowrap rounded-md bg-night-950 px-2 py-1 text-xs font-medium text-white shadow-lg lg:group-hover:block lg:group-focus-visible:block"
        >
          {children}
        </span>
      )}
    </>
  );
}
