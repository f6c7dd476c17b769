// Every page is a lazy route (its own chunk); only the frame, the guards and the session query are
// in the entry chunk. Paths follow spec core-flows §2 and money-and-operations §2.
import type { ComponentType } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router-dom";
import { PageSpinner } from "@web/components/ui/spinner";
import { ADMIN_HOME_SECTION, ADMIN_SECTIONS, type AdminSection } from "@web/features/admin/admin-sections";
import { RequireAdmin, RequireAuth } from "./guards";
import { AppLayout, BareLayout } from "./layout";
import { RouteError } from "./route-error";

type Lazy = () => Promise<{ Component: ComponentType }>;
const page =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Lazy =>
  async () => ({ Component: pick(await load()) });

const adminSection = (section: AdminSection): RouteObject => {
  const lazy = page(
    () => import("@web/features/admin/admin-section-page"),
    (m) => () => <m.AdminSectionPage section={section} />,
  );
  return section === ADMIN_HOME_SECTION ? { index: true, lazy } : { path: section, lazy };
};

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import("@web/features/home/home-page"), (m) => m.HomePage) },
  { path: "demo", lazy: page(() => import("@web/features/demo/demo-page"), (m) => m.DemoPage) },
  { path: "search", lazy: page(() => import("@web/features/search/search-page"), (m) => m.SearchPage) },
  {
    path: "babysitter/:babysitterId",
    lazy: page(() => import("@web/features/sitter/sitter-page"), (m) => m.SitterPage),
  },
  {
    path: "forgot-password",
    lazy: page(() => import("@web/features/auth/forgot-password-page"), (m) => m.ForgotPasswordPage),
  },
  {
    path: "reset-password",
    lazy: page(() => import("@web/features/auth/reset-password-page"), (m) => m.ResetPasswordPage),
  },
  { path: "terms", lazy: page(() => import("@web/features/legal/terms-page"), (m) => m.TermsPage) },
  { path: "privacy", lazy: page(() => import("@web/features/legal/privacy-page"), (m) => m.PrivacyPage) },
  {
    path: "unsubscribe",
    lazy: page(() => import("@web/features/notifications/unsubscribe-page"), (m) => m.UnsubscribePage),
  },
];

const memberRoutes: RouteObject[] = [
  {
    path: "booking/:babysitterId",
    lazy: page(() => import("@web/features/booking/booking-page"), (m) => m.BookingPage),
  },
  { path: "bookings", lazy: page(() => import("@web/features/bookings/bookings-page"), (m) => m.BookingsPage) },
  {
    path: "bookings/:bookingId",
    lazy: page(() => import("@web/features/bookings/booking-detail-page"), (m) => m.BookingDetailPage),
  },
  { path: "messages", lazy: page(() => import("@web/features/messages/messages-page"), (m) => m.MessagesPage) },
  {
    path: "messages/:conversationId",
    lazy: page(() => import("@web/features/messages/messages-page"), (m) => m.MessagesPage),
  },
  { path: "review/:bookingId", lazy: page(() => import("@web/features/reviews/review-page"), (m) => m.ReviewPage) },
  { path: "profile", lazy: page(() => import("@web/features/profile/profile-page"), (m) => m.ProfilePage) },
  {
    path: "verification/upload",
    lazy: page(() => import("@web/features/profile/verification-upload-page"), (m) => m.VerificationUploadPage),
  },
  { path: "favorites", lazy: page(() => import("@web/features/favorites/favorites-page"), (m) => m.FavoritesPage) },
  {
    path: "notifications",
    lazy: page(() => import("@web/features/notifications/notifications-page"), (m) => m.NotificationsPage),
  },
  { path: "dashboard", lazy: page(() => import("@web/features/dashboard/dashboard-page"), (m) => m.DashboardPage) },
  { path: "settings", lazy: page(() => import("@web/features/settings/settings-page"), (m) => m.SettingsPage) },
  // "success" is declared before ":plan" for readability; the router ranks static segments first anyway.
  {
    path: "payment/success",
    lazy: page(() => import("@web/features/payment/payment-success-page"), (m) => m.PaymentSuccessPage),
  },
  { path: "payment/:plan", lazy: page(() => import("@web/features/payment/payment-page"), (m) => m.PaymentPage) },
];

const adminRoutes: RouteObject = {
  path: "admin",
  element: <RequireAdmin />,
  children: [
    {
      lazy: page(() => import("@web/features/admin/admin-layout"), (m) => m.AdminLayout),
      children: ADMIN_SECTIONS.map(adminSection),
    },
  ],
};

export const routes: RouteObject[] = [
  {
    path: "/",
    errorElement: <RouteError />,
    HydrateFallback: () => <PageSpinner />,
    children: [
      {
        element: <AppLayout />,
        children: [...publicRoutes, { element: <RequireAuth />, children: memberRoutes }, adminRoutes],
      },
      {
        element: <BareLayout />,
        children: [
          { path: "login", lazy: page(() => import("@web/features/auth/login-page"), (m) => m.LoginPage) },
          { path: "register", lazy: page(() => import("@web/features/auth/register-page"), (m) => m.RegisterPage) },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
