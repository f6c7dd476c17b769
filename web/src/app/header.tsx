import { clsx } from "clsx";
import { ChevronDown, Menu, UserRound, X } from "lucide-react";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "@web/lib/i18n";
import { Link, NavLink, useLocation } from "react-router-dom";
import { buttonClasses } from "@web/components/ui/button-styles";
import { LanguageSwitcher } from "@web/components/ui/language-switcher";
import { Logo } from "@web/components/ui/logo";
import type { Profile } from "@web/lib/api-client";
import { lazyWithQueries } from "@web/lib/query-provider";
import { useSession } from "@web/lib/session";
import { useSignOut } from "./use-sign-out";

/** `badge`: the entry shows the unread count of messages or notifications beside its name. */
type NavEntry = { to: string; key: string; badge?: "messages" | "notifications"; end?: boolean };

// The unread count, as the Messages entry's badge or as the phone's Messages shortcut, and the
// realtime client with it: a chunk of its own, fetched only once signed in. The count is the link's
// description (`id`), so the link's name stays "Messages".
const Unread = lazyWithQueries(() => import("@web/components/unread-badge"));

const unread = (profile: Profile, id: string, shortcut?: boolean) => (
  <Suspense fallback={null}>
    <Unread profileId={profile.id} id={id} shortcut={shortcut} />
  </Suspense>
);

/**
 * The Messages and Notifications entries of a signed-in user's menus: their description's id (the
 * path at its end tells the badge module which count to show), else undefined.
 */
const unreadId = (link: NavEntry, profile: Profile | null | undefined, id: string) =>
  profile && link.badge ? id + link.to : undefined;

const PUBLIC_LINKS: NavEntry[] = [
  { to: "/demo", key: "nav.demo" },
  { to: "/search", key: "nav.search" },
];
const NOTIFICATIONS_LINK: NavEntry = { to: "/notifications", key: "nav.notifications", badge: "notifications" };
const MEMBER_LINKS: NavEntry[] = [
  ...PUBLIC_LINKS,
  { to: "/favorites", key: "nav.favourites" },
  { to: "/bookings", key: "nav.bookings" },
  { to: "/messages", key: "nav.messages", badge: "messages" },
  NOTIFICATIONS_LINK,
];
/**
 * An agency manager's: her agency space's pages and her notifications. She searches, books,
 * messages and keeps favourites for nobody (the API refuses them), so those entries are not hers.
 */
const AGENCY_LINKS: NavEntry[] = [
  { to: "/agency", key: "nav.agencyTeam", end: true },
  { to: "/agency/requests", key: "nav.agencyRequests" },
  { to: "/agency/calendar", key: "nav.agencyCalendar" },
  { to: "/agency/invitations", key: "nav.agencyInvitations" },
  { to: "/agency/figures", key: "nav.agencyFigures" },
  { to: "/agency/hours", key: "nav.agencyHours" },
  NOTIFICATIONS_LINK,
];

/** The top navigation of a signed-in user's role: favourites are a parent's list (the API refuses others). */
const memberLinks = (profile: Profile): NavEntry[] =>
  profile.user_type === "agency"
    ? AGENCY_LINKS
    : MEMBER_LINKS.filter((link) => link.to !== "/favorites" || profile.user_type === "parent");

const accountLinks = (profile: Profile): NavEntry[] => [
  ...(profile.user_type === "admin" ? [{ to: "/admin", key: "nav.admin" }] : []),
  // A family's urgent requests (and the form), or those sent to a babysitter.
  ...(profile.user_type === "parent" || profile.user_type === "babysitter"
    ? [{ to: "/urgent", key: "nav.urgent" }]
    : []),
  { to: "/profile", key: "nav.profile" },
  ...(profile.user_type === "parent" ? [{ to: "/statements", key: "nav.statements" }] : []),
  ...(profile.user_type === "babysitter"
    ? [
        { to: "/payouts", key: "nav.payouts" },
        { to: "/my-agency", key: "nav.myAgency" },
      ]
    : []),
  { to: "/settings", key: "nav.settings" },
];

export function Header() {
  const { t } = useTranslation();
  // Until the session answers, the header is a visitor's: the pre-rendered public pages say the
  // same, and nothing moves for a visitor when the answer comes.
  const { data: profile } = useSession();
  const { pathname } = useLocation();
  // The menu is open on the page where it was opened: following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const mobileOpen = openOn === pathname;
  const setMobileOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEscape(mobileOpen, () => {
    setMobileOpen(false);
    menuButton.current?.focus();
  });
  // Menus offer only what the role can use (memberLinks).
  const links = profile ? memberLinks(profile) : PUBLIC_LINKS;

  return (
    // While one of its menus is open the header stands above the toasts' layer (sonner's z-index is
    // 999 999 999): the menu is what the user reaches for, and a toast arriving after it opened (the
    // sign-in's, say) would otherwise cover its links, and pause under the pointer for as long as it stays.
    <header className="sticky top-0 z-40 has-[[aria-expanded=true]]:z-[1000000000] border-b border-night-800 bg-night-900 text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo tone="light" />
        <nav aria-label={t("nav.main")} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => {
              const describedBy = unreadId(link, profile, "unread-nav");
              return (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.end}
                    aria-describedby={describedBy}
                    className={({ isActive }) =>
                      clsx(
                        "rounded-lg px-2.5 py-2 text-sm font-medium hover:bg-white/10",
                        isActive ? "text-glow-300" : "text-white",
                      )
                    }
                  >
                    {t(link.key)}
                    {describedBy && unread(profile!, describedBy)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher tone="light" />
          {/* The phone's Messages shortcut: an agency manager has no messages. */}
          {profile && profile.user_type !== "agency" && unread(profile, "unread-shortcut", true)}
          <div className="hidden md:flex md:items-center md:gap-2">
            {profile ? <UserMenu profile={profile} /> : <GuestButtons />}
          </div>
          <button
            ref={menuButton}
            type="button"
            className="rounded-lg p-2 hover:bg-white/10 md:hidden"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            aria-label={t(mobileOpen ? "nav.closeMenu" : "nav.openMenu")}
            onClick={() => setMobileOpen(!mobileOpen)}
          >
            {mobileOpen ? (
              <X aria-hidden="true" className="h-6 w-6" />
            ) : (
              <Menu aria-hidden="true" className="h-6 w-6" />
            )}
          </button>
        </div>
      </div>
      {/* On a phone, a visitor's way in stays in sight: a second row rather than inside the menu. */}
      {!profile && (
        <div className="flex gap-2 px-4 pb-3 md:hidden">
          <GuestButtons stretch />
        </div>
      )}
      {mobileOpen && <MobileMenu links={links} profile={profile ?? null} />}
    </header>
  );
}

function GuestButtons({ stretch = false }: { stretch?: boolean }) {
  const { t } = useTranslation();
  const width = stretch ? "flex-1" : undefined;
  return (
    <>
      <Link to="/login" className={buttonClasses("outline-light", "sm", width)}>
        {t("nav.login")}
      </Link>
      <Link to="/register" className={buttonClasses("primary", "sm", width)}>
        {t("nav.register")}
      </Link>
    </>
  );
}

function UserMenu({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const onSignOut = useSignOut();
  useDismiss(root, open, () => setOpen(false));

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t("nav.userMenu", { name: profile.first_name })}
        onClick={() => setOpen(!open)}
        className="inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-medium hover:bg-white/10"
      >
        <UserRound aria-hidden="true" className="h-5 w-5" />
        <span className="max-w-32 truncate">{profile.first_name}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4" />
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 mt-2 w-56 overflow-hidden rounded-xl border border-night-100 bg-white py-1 text-night-900 shadow-lg"
        >
          {accountLinks(profile).map((link) => (
            <li key={link.to}>
              <Link to={link.to} onClick={() => setOpen(false)} className="block px-4 py-2.5 text-sm hover:bg-night-50">
                {t(link.key)}
              </Link>
            </li>
          ))}
          <li className="border-t border-night-100">
            <button
              type="button"
              onClick={onSignOut}
              className="block w-full px-4 py-2.5 text-left text-sm hover:bg-night-50"
            >
              {t("nav.logout")}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

/** Close a popover on Escape or on a click outside it. */
function useDismiss(root: React.RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  useEscape(open, close);
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close();
    };
    document.addEventListener("mousedown", onClick);
    return () => document.removeEventListener("mousedown", onClick);
  }, [open, close, root]);
}

function useEscape(active: boolean, onEscape: () => void) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onEscape();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active, onEscape]);
}

function MobileMenu({ links, profile }: { links: NavEntry[]; profile: Profile | null }) {
  const { t } = useTranslation();
  const onSignOut = useSignOut();
  const entries = profile ? [...links, ...accountLinks(profile)] : links;
  const itemClass = "block rounded-lg px-3 py-2.5 text-base font-medium hover:bg-white/10";
  return (
    <nav id="mobile-menu" aria-label={t("nav.mobile")} className="border-t border-night-800 px-4 pb-4 md:hidden">
      <ul className="flex flex-col gap-1 pt-2">
        {entries.map((link) => {
          const describedBy = unreadId(link, profile, "unread-menu");
          return (
            <li key={link.to}>
              <Link to={link.to} aria-describedby={describedBy} className={itemClass}>
                {t(link.key)}
                {describedBy && unread(profile!, describedBy)}
              </Link>
            </li>
          );
        })}
        {profile && (
          <li>
            <button type="button" onClick={onSignOut} className={clsx(itemClass, "w-full text-left")}>
              {t("nav.logout")}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}
