// The signed-in caller's profile row, as the session middleware finds it and every service takes
// it. A type of the ground layer, so a service or a channel that takes the caller imports neither
// the middleware nor another domain's service.
import type { profiles } from "@db/schema/profiles";

export type CallerProfile = typeof profiles.$inferSelect;
