-- A notice of a product event lands once per person (notifications.data.event is
-- "<event>:<occurrence>"). It used to be checked, then inserted, so two runs at the same instant
-- could both insert: keep the first of each pair, then let the unique index refuse repeats.
-- (Written by hand: drizzle-kit cannot print an index on an expression.)
DELETE FROM `notifications`
WHERE json_extract(`data`, '$.event') IS NOT NULL
  AND rowid NOT IN (
    SELECT min(rowid) FROM `notifications`
    WHERE json_extract(`data`, '$.event') IS NOT NULL
    GROUP BY `profile_id`, json_extract(`data`, '$.event')
  );--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_profile_event_idx` ON `notifications` (`profile_id`, json_extract(`data`, '$.event')) WHERE json_extract(`data`, '$.event') IS NOT NULL;
