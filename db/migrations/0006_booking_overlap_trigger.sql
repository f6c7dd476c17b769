-- A sitter never has two live bookings (pending or confirmed) whose times overlap. Enforced by the
-- database at write time, so two parents racing for the same slot cannot both get it: SQLite runs
-- one write transaction at a time and each trigger sees every committed row. The API maps the
-- 'booking_overlap' error to a 409. Times are ISO-8601 UTC text of one format, so text order is time
-- order; touching slots (one ends when the next starts) do not overlap.
CREATE TRIGGER `bookings_no_overlap_insert` BEFORE INSERT ON `bookings`
WHEN NEW.`status` IN ('pending', 'confirmed')
BEGIN
  SELECT RAISE(ABORT, 'booking_overlap') WHERE EXISTS (
    SELECT 1 FROM `bookings` b
    WHERE b.`babysitter_id` = NEW.`babysitter_id`
      AND b.`status` IN ('pending', 'confirmed')
      AND b.`start_time` < NEW.`end_time`
      AND b.`end_time` > NEW.`start_time`
  );
END;
--> statement-breakpoint
CREATE TRIGGER `bookings_no_overlap_update` BEFORE UPDATE OF `status`, `start_time`, `end_time`, `babysitter_id` ON `bookings`
WHEN NEW.`status` IN ('pending', 'confirmed')
BEGIN
  SELECT RAISE(ABORT, 'booking_overlap') WHERE EXISTS (
    SELECT 1 FROM `bookings` b
    WHERE b.`babysitter_id` = NEW.`babysitter_id`
      AND b.`id` <> NEW.`id`
      AND b.`status` IN ('pending', 'confirmed')
      AND b.`start_time` < NEW.`end_time`
      AND b.`end_time` > NEW.`start_time`
  );
END;
