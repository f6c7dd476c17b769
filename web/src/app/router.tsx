// Every page is a lazy route (its own chunk); only the frame, the guards and the session query are
// in the entry chunk. Public pages, signed-in pages (behind RequireAuth), the admin area (behind
// RequireAdmin), the agency space (/agency/*, agency managers only) and a babysitter's 'Mon agence'
// (/my-agency) each have their group below; /login and /register have no page frame; an unknown
// path goes to /.
// The routes are matched by matchRoutes and drawn by renderMatches (react-router's declarative mode,
// half the size of its data router; see AppRoutes); a route's `lazy` becomes a <LazyPage> element,
// which the pre-render and the hydration load beforehand (preloadPages) so the first render draws
// the page, not a spinner.
import { type ComponentType, type ContextType, Suspense, use, useState } from "react";
import { matchRoutes, Navigate, renderMatches, type RouteMatch, type RouteObject, useLocation } from "react-router-dom";
import { PageSpinner } from "@web/components/ui/spinner";
import { ADMIN_HOME_SECTION, ADMIN_SECTIONS, type AdminSection } from "@web/features/admin/admin-sections";
import { SECTION_PAGES } from "@web/features/admin/section-pages";
import { SHARED_TEXTS } from "@web/i18n/frame-texts";
import { homeTexts } from "@web/features/home/texts";
import { defineTexts, type FeatureTexts, textsReady } from "@web/lib/i18n";
import { loadQueryClient } from "@web/lib/query-provider";
import { nextTask } from "@web/lib/next-task";
import { RequireAdmin, RequireAuth, RequireRole } from "./guards";
import { AppLayout, BareLayout } from "./layout";
import { RouteErrorBoundary } from "./route-error";

/** A page's component, and what it asks the API for its URL before it is drawn (see prefetchPageData). */
type LoadedPage = { Component: ComponentType; prefetch?: (url: URL) => void };
type Lazy = () => Promise<LoadedPage>;

/**
 * zod (with the fields every form validates) and react-hook-form (with the form helpers), each run
 * in a task of its own while the page's chunks arrive. The browser runs a module and everything it
 * imports in one task: a form page's whole graph took 30-40 ms on a desktop CPU, four times that on
 * a phone's, blocking taps all along. Run first, the libraries leave the page's own modules a
 * shorter task. (Importing the packages themselves would keep every export of theirs in the build.)
 */
async function loadFormLibraries({ zod }: { zod: boolean }): Promise<void> {
  if (zod) {
    await import("@db/validators/fields");
    await nextTask();
  }
  await import("@web/components/form/error-text");
}

/**
 * The page component a module exports under `name`, loaded with the module's chunk, the query
 * client (unless the page asks the API nothing: `queries: false`), the form libraries (when it has
 * a form: `forms: true`; without zod when its form fetches its schema once it is used:
 * `zod: false`, see lazyZodResolver), the texts the pages share (unless it shows none:
 * `sharedTexts: false`), and its own texts, all in the current language: it then renders at once,
 * complete. `prefetch` starts the page's first request from the module, for the URL the browser
 * opened (prefetchPageData).
 */
const page =
  <M, K extends keyof M>(
    load: () => Promise<M>,
    name: M[K] extends ComponentType ? K : never,
    {
      queries = true,
      forms = false,
      zod = forms,
      sharedTexts = true,
      texts,
      prefetch,
    }: {
      queries?: boolean;
      forms?: boolean;
      zod?: boolean;
      sharedTexts?: boolean;
      texts?: FeatureTexts;
      prefetch?: (module: M, url: URL) => void;
    } = {},
  ): Lazy =>
  async () => {
    if (sharedTexts) defineTexts(SHARED_TEXTS);
    if (texts) defineTexts(texts);
    const [module] = await Promise.all([load(), queries && loadQueryClient(), forms && loadFormLibraries({ zod })]);
    await textsReady();
    return { Component: module[name] as ComponentType, prefetch: prefetch && ((url) => prefetch(module, url)) };
  };

/**
 * A console section's route, its page taken from the feature's one map (SECTION_PAGES). A section
 * owns its sub-paths (/admin/users/<id>), hence `<section>/*`; the dashboard is /admin itself.
 */
const adminSection = (section: AdminSection): RouteObject => {
  const lazy = page(() => SECTION_PAGES[section]().then((Component) => ({ Component })), "Component");
  return section === ADMIN_HOME_SECTION ? { index: true, lazy } : { path: `${section}/*`, lazy };
};

// A feature never imports another: the pages that show the moderation feature's parts (the
// 'Signaler' controls, 'Mes signalements') are joined with them here, loaded with the page's chunk
// (the report dialog itself is a chunk of its own, fetched when a control is used).
const sitterPage = async () => {
  const [{ SitterPage }, { ReportProfile, ReportReview }] = await Promise.all([
    import("@web/features/sitter/sitter-page"),
    import("@web/features/moderation/report-button"),
  ]);
  return {
    Page: function SitterPageWithReports() {
      return <SitterPage reportProfile={ReportProfile} reportReview={ReportReview} />;
    },
  };
};

const messagesPage = async () => {
  const [{ MessagesPage }, { MessageActionContext }, { ReportMessage }] = await Promise.all([
    import("@web/features/messages/messages-page"),
    import("@web/features/messages/components/message-bubble"),
    import("@web/features/moderation/report-button"),
  ]);
  const reportAction: ContextType<typeof MessageActionContext> = (message, me) => (
    <ReportMessage message={message} me={me} />
  );
  return {
    Page: function MessagesPageWithReports() {
      return (
        <MessageActionContext value={reportAction}>
          <MessagesPage />
        </MessageActionContext>
      );
    },
  };
};

const notificationsPage = async () => {
  const [{ NotificationsPage }, { OwnReports }] = await Promise.all([
    import("@web/features/notifications/notifications-page"),
    import("@web/features/moderation/components/own-reports"),
  ]);
  return {
    Page: function NotificationsPageWithReports() {
      return <NotificationsPage reportsSection={<OwnReports />} />;
    },
  };
};

const publicRoutes: RouteObject[] = [
  {
    index: true,
    // Its texts are named here so that they are fetched with its chunk, not after it.
    lazy: page(() => import("@web/features/home/home-page"), "HomePage", {
      queries: false,
      sharedTexts: false,
      texts: homeTexts,
    }),
  },
  {
    path: "demo",
    lazy: page(() => import("@web/features/demo/demo-page"), "DemoPage"),
  },
  {
    path: "search",
    lazy: page(() => import("@web/features/search/search-page"), "SearchPage", {
      prefetch: (module, url) => module.prefetchSearch(url),
    }),
  },
  {
    path: "babysitter/:babysitterId",
    lazy: page(sitterPage, "Page"),
  },
  {
    path: "forgot-password",
    lazy: page(() => import("@web/features/auth/forgot-password-page"), "ForgotPasswordPage", { forms: true }),
  },
  {
    path: "reset-password",
    lazy: page(() => import("@web/features/auth/reset-password-page"), "ResetPasswordPage", { forms: true }),
  },
  {
    path: "verify-email",
    lazy: page(() => import("@web/features/auth/verify-email-page"), "VerifyEmailPage"),
  },
  {
    path: "terms",
    lazy: page(() => import("@web/features/legal/terms-page"), "TermsPage"),
  },
  {
    path: "privacy",
    lazy: page(() => import("@web/features/legal/privacy-page"), "PrivacyPage"),
  },
  {
    path: "unsubscribe",
    lazy: page(() => import("@web/features/notifications/unsubscribe-page"), "UnsubscribePage"),
  },
];

const memberRoutes: RouteObject[] = [
  {
    path: "booking/:babysitterId",
    lazy: page(() => import("@web/features/bookings/request/booking-page"), "BookingPage", { forms: true }),
  },
  {
    path: "bookings",
    lazy: page(() => import("@web/features/bookings/bookings-page"), "BookingsPage"),
  },
  {
    path: "bookings/:bookingId",
    lazy: page(() => import("@web/features/bookings/booking-detail-page"), "BookingDetailPage"),
  },
  {
    path: "bookings/:bookingId/pay",
    lazy: page(() => import("@web/features/payment/sitting-payment-page"), "SittingPaymentPage"),
  },
  // One route for the inbox and each conversation: opening another one keeps the page (the list,
  // its search and scroll) mounted.
  {
    path: "messages/:conversationId?",
    lazy: page(messagesPage, "Page"),
  },
  {
    path: "review/:bookingId",
    lazy: page(() => import("@web/features/reviews/review-page"), "ReviewPage", { forms: true }),
  },
  {
    path: "profile",
    lazy: page(() => import("@web/features/profile/profile-page"), "ProfilePage", { forms: true }),
  },
  {
    path: "verification/upload",
    lazy: page(() => import("@web/features/verification/verification-upload-page"), "VerificationUploadPage"),
  },
  {
    path: "favorites",
    lazy: page(() => import("@web/features/favourites/favourites-page"), "FavouritesPage"),
  },
  {
    path: "notifications",
    lazy: page(notificationsPage, "Page"),
  },
  {
    path: "moderation/decisions/:decisionId",
    lazy: page(() => import("@web/features/moderation/decision-page"), "DecisionPage"),
  },
  {
    path: "payouts",
    lazy: page(() => import("@web/features/payouts/payouts-page"), "PayoutsPage"),
  },
  // Urgent requests: a family's list or a babysitter's incoming ones (/urgent), the form, one request.
  {
    path: "urgent",
    lazy: page(() => import("@web/features/urgent/urgent-page"), "UrgentPage"),
  },
  {
    path: "urgent/new",
    lazy: page(() => import("@web/features/urgent/new-urgent-request-page"), "NewUrgentRequestPage", {
      forms: true,
    }),
  },
  {
    path: "urgent/:requestId",
    lazy: page(() => import("@web/features/urgent/urgent-request-page"), "UrgentRequestPage"),
  },
  {
    path: "statements",
    lazy: page(() => import("@web/features/statements/statements-page"), "StatementsPage"),
  },
  {
    path: "dashboard",
    lazy: page(() => import("@web/features/dashboard/dashboard-page"), "DashboardPage"),
  },
  {
    path: "settings",
    lazy: page(() => import("@web/features/settings/settings-page"), "SettingsPage", { forms: true }),
  },
  // "success" is declared before ":plan" for readability; the router ranks static segments first anyway.
  {
    path: "payment/success",
    lazy: page(() => import("@web/features/payment/payment-success-page"), "PaymentSuccessPage"),
  },
  {
    path: "payment/:plan?",
    lazy: page(() => import("@web/features/payment/payment-page"), "PaymentPage"),
  },
];

// The agency space: her team at /agency (and /agency/roster, where the managers' notices lead), the
// requests to answer for the team, the calendar, the invitations, the figures and the hours.
const rosterPage = page(() => import("@web/features/agency/roster-page"), "RosterPage");

const agencyRoutes: RouteObject = {
  path: "agency",
  element: <RequireRole only="agency" />,
  children: [
    { index: true, lazy: rosterPage },
    { path: "roster", lazy: rosterPage },
    {
      path: "requests",
      lazy: page(() => import("@web/features/agency/requests-page"), "RequestsPage"),
    },
    {
      path: "calendar",
      lazy: page(() => import("@web/features/agency/calendar-page"), "CalendarPage"),
    },
    {
      path: "invitations",
      lazy: page(() => import("@web/features/agency/invitations-page"), "InvitationsPage", { forms: true }),
    },
    {
      path: "figures",
      lazy: page(() => import("@web/features/agency/figures-page"), "FiguresPage"),
    },
    {
      path: "hours",
      lazy: page(() => import("@web/features/agency/hours-page"), "HoursPage"),
    },
  ],
};

// A babysitter's side: her agency, leaving it, and the invitations to answer.
const membershipRoutes: RouteObject = {
  path: "my-agency",
  element: <RequireRole only="babysitter" />,
  children: [{ index: true, lazy: page(() => import("@web/features/agency/membership-page"), "MembershipPage") }],
};

const adminRoutes: RouteObject = {
  path: "admin",
  element: <RequireAdmin />,
  children: [
    {
      lazy: page(() => import("./admin-frame"), "AdminFrame"),
      children: ADMIN_SECTIONS.map(adminSection),
    },
  ],
};

export const routes: RouteObject[] = [
  {
    path: "/",
    children: [
      {
        element: <AppLayout />,
        children: [
          ...publicRoutes,
          { element: <RequireAuth />, children: memberRoutes },
          adminRoutes,
          agencyRoutes,
          membershipRoutes,
        ],
      },
      {
        element: <BareLayout />,
        children: [
          {
            path: "login",
            lazy: page(() => import("@web/features/auth/login-page"), "LoginPage", { forms: true, zod: false }),
          },
          {
            path: "register",
            lazy: page(() => import("@web/features/auth/register-page"), "RegisterPage", { forms: true, zod: false }),
          },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

const loading = new Map<Lazy, Promise<ComponentType>>();
const loaded = new Map<Lazy, LoadedPage>();

/**
 * One load per page, shared by every caller. A load that failed (offline, a chunk replaced by a
 * deploy) stays failed until RouteErrorBoundary has shown it: React renders a failing page twice
 * before giving up, and a fresh load on each render would retry forever while offline. Once the
 * error screen is up, forgetFailedPages lets the page's next visit fetch it again, without a reload.
 */
function loadPage(load: Lazy): Promise<ComponentType> {
  let promise = loading.get(load);
  if (!promise) {
    promise = load().then(
      (page) => {
        loaded.set(load, page);
        return page.Component;
      },
      (error: unknown) => {
        failed.add(load);
        throw error;
      },
    );
    loading.set(load, promise);
  }
  return promise;
}

const failed = new Set<Lazy>();
function forgetFailedPages() {
  for (const load of failed) loading.delete(load);
  failed.clear();
}

/**
 * A page whose chunk is already loaded (pre-render, hydration) is drawn directly: no Suspense
 * boundary, so hydration is one pass and nothing is left to hydrate after the language switches.
 * Otherwise a spinner shows until the chunk arrives. Decided once per mount, so the page's state
 * never restarts.
 */
function LazyPage({ load }: { load: Lazy }) {
  const [Preloaded] = useState(() => loaded.get(load)?.Component);
  if (Preloaded) return <Preloaded />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <PageOnceLoaded load={load} />
    </Suspense>
  );
}

function PageOnceLoaded({ load }: { load: Lazy }) {
  const Component = use(loadPage(load));
  // The component is the chunk's export, cached per route (loadPage): the same one on every render.
  // eslint-disable-next-line react-hooks/static-components
  return <Component />;
}

let pageCount = 0;

/**
 * Each route's own key: another route's page in the same place is a new mount, not an update. The
 * page's loader stays on the route (`handle.load`) for preloadPages.
 */
const withPageElements = (tree: RouteObject[]): RouteObject[] =>
  tree.map(
    ({ lazy, children, ...route }) =>
      ({
        ...route,
        ...(lazy && { element: <LazyPage key={++pageCount} load={lazy as Lazy} />, handle: { load: lazy } }),
        ...(children && { children: withPageElements(children) }),
      }) as RouteObject,
  );

const pageRoutes = withPageElements(routes);

/**
 * The routes `pathname` shows. react-router ranks the whole table and compiles a pattern for each
 * route on every call (~8 ms of a desktop CPU for this table, four times that on a phone's), and
 * useRoutes calls it on every render: the last answer is kept, so the first page is matched once
 * for its preload and its render, and a query string that changes (the search's filters) matches
 * nothing again.
 */
let lastMatch: { pathname: string; matches: RouteMatch[] | null } | undefined;
function matchPage(pathname: string): RouteMatch[] | null {
  if (lastMatch?.pathname !== pathname) lastMatch = { pathname, matches: matchRoutes(pageRoutes, pathname) };
  return lastMatch.matches;
}

/** Loads the chunks of the pages `pathname` shows, so they render without suspending. */
export async function preloadPages(pathname: string): Promise<void> {
  const loaders = (matchPage(pathname) ?? []).flatMap(({ route }) => route.handle?.load ?? []);
  await Promise.all(loaders.map((load: Lazy) => loadPage(load)));
}

/**
 * Starts the first requests of the pages `url` shows (their chunks loaded by preloadPages): the
 * browser's first page asks the API before it is hydrated, rather than from the effects that run
 * once the hydration is done, so the answer arrives sooner and the effects' task is shorter.
 */
export function prefetchPageData(url: URL): void {
  for (const { route } of matchPage(url.pathname) ?? []) {
    const load: Lazy | undefined = route.handle?.load;
    if (load) loaded.get(load)?.prefetch?.(url);
  }
}

/** What useRoutes draws, from the kept match (renderMatches is useRoutes without the matching). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname} onError={forgetFailedPages}>
      {renderMatches(matchPage(pathname))}
    </RouteErrorBoundary>
  );
}
