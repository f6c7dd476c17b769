import { isDesktop } from "./platform";

/** Where to go after sign-in: the remembered in-app path, never an outside URL nor a sign-in page. */
export function safeRedirect(candidate: unknown, fallback = "/dashboard"): string {
  if (typeof candidate !== "string" || !candidate.startsWith("/") || candidate.startsWith("//")) return fallback;
  if (candidate.startsWith("/login") || candidate.startsWith("/register")) return fallback;
  return candidate;
}

/**
 * Where a signed-in user starts when no path was remembered: an agency manager in her agency space
 * (her team); in the desktop app (the business's installed tool, which opens on its sign-in page)
 * an admin starts on the console; everyone else, and everyone in the browser, on the dashboard.
 */
export function signedInHome(userType: string | undefined): string {
  if (userType === "agency") return "/agency";
  return userType === "admin" && isDesktop() ? "/admin" : "/dashboard";
}
