// The API's own response times, as the Worker measures them (edge/services/monitoring/api-timings.ts):
// a histogram per UTC hour, counts per logarithmic bucket, so a percentile over any period is a sum
// of small rows and no request is stored one by one. api_timing_alerts remembers each hour whose
// 95th percentile passed the performance target, so the audit warning for it is written once.
import { sqliteTable, text, integer, primaryKey, check } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { atLeast } from "./checks";

export const apiTimings = sqliteTable(
  "api_timings",
  {
    /** The UTC hour, "2026-11-27T14". */
    hour: text("hour").notNull(),
    /** Bucket b holds the times above 2^((b-1)/4) ms up to 2^(b/4) ms (bucket 0: 1 ms or less). */
    bucket: integer("bucket").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.hour, t.bucket] }),
    check("api_timings_bucket_check", atLeast(t.bucket, 0)),
    check("api_timings_count_check", atLeast(t.count, 1)),
  ],
);

export const apiTimingAlerts = sqliteTable("api_timing_alerts", {
  hour: text("hour").primaryKey(),
  p95Ms: integer("p95_ms").notNull(),
  targetMs: integer("target_ms").notNull(),
  createdAt: createdAt(),
});
