// Server-side login throttle: failures counted per key, where a key
// is "account:<email>" or "ip:<address>". One row per key; see edge/services/limits/login-throttle.ts.
import { sqliteTable, text, integer, check } from "drizzle-orm/sqlite-core";
import { atLeast } from "./checks";

export const loginThrottle = sqliteTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull().default(0),
    /** Start of the current counting window (epoch ms). */
    windowStartedAt: integer("window_started_at").notNull(),
    /** While in the future, sign-in for this key is refused (epoch ms). */
    blockedUntil: integer("blocked_until"),
  },
  (t) => [check("login_throttle_failures_check", atLeast(t.failures, 0))],
);
