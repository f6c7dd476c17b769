/** Where to go after sign-in: the remembered in-app path, never an outside URL nor a sign-in page. */
export function safeRedirect(candidate: unknown, fallback = "/dashboard"): string {
  if (typeof candidate !== "string" || !candidate.startsWith("/") || candidate.startsWith("//")) return fallback;
  if (candidate.startsWith("/login") || candidate.startsWith("/register")) return fallback;
  return candidate;
}
