ALTER TABLE `profiles` ADD `city_id` text REFERENCES cities(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `profiles_city_type_idx` ON `profiles` (`city_id`,`user_type`);--> statement-breakpoint
CREATE INDEX `bookings_created_idx` ON `bookings` (`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_responded_idx` ON `bookings` (`responded_at`);--> statement-breakpoint
CREATE INDEX `reviews_created_idx` ON `reviews` (`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_paid_idx` ON `invoices` (coalesce("paid_at", "created_at")) WHERE "status" = 'paid';--> statement-breakpoint
-- The commune each profile is counted in by the admin Geography (edge/services/admin/geography.ts),
-- kept by the database so that no writer can forget it (sign-up, profile edits, the seed, account
-- anonymisation, the tests' own rows) and so that the rule exists once:
-- 1. the postal code first, through city_postal_codes; when it serves several communes, the one whose
--    folded name is the typed city, else the most populous;
-- 2. else the typed city folded as foldPlaceQuery folds it (db/text/fold.ts: accents and ligatures of
--    French names, punctuation to spaces, "st"/"ste" spelled out before another word) against
--    cities.name_folded; among homonyms, the one in the postal code's department, else the most
--    populous;
-- 3. else null.
-- The insert trigger touches postal_code so that the update trigger, the one place the rule is
-- written, runs. The communes import (scripts/import-communes.ts) places everyone again the same way.
CREATE TRIGGER `profiles_city_after_update` AFTER UPDATE OF `postal_code`, `city` ON `profiles`
BEGIN
  UPDATE `profiles` SET `city_id` = (
    WITH f(code, department, name) AS (SELECT trim(coalesce(NEW.`postal_code`, '')) AS code,
      CASE WHEN trim(coalesce(NEW.`postal_code`, '')) GLOB '[0-9][0-9][0-9][0-9][0-9]' THEN
        CASE WHEN trim(coalesce(NEW.`postal_code`, '')) GLOB '9[78]*' THEN substr(trim(coalesce(NEW.`postal_code`, '')), 1, 3)
          WHEN trim(coalesce(NEW.`postal_code`, '')) GLOB '20*' THEN CASE WHEN CAST(trim(coalesce(NEW.`postal_code`, '')) AS INTEGER) < 20200 THEN '2A' ELSE '2B' END
          ELSE substr(trim(coalesce(NEW.`postal_code`, '')), 1, 2) END END AS department,
      -- The typed city folded one character at a time: ASCII letters and digits lowercased, other
      -- ASCII to a space, combining accents dropped, accented letters and ligatures of French names
      -- spelled plain, typographic punctuation to a space (runs of spaces kept to one), then "st" and
      -- "ste" spelled out before another word (a chain of replace() this long overflows SQLite's parser).
      (WITH RECURSIVE chars(i, out) AS (
        SELECT 1, ''
        UNION ALL
        SELECT i + 1, out || (
          SELECT CASE WHEN m = ' ' AND (out = '' OR substr(out, -1) = ' ') THEN '' ELSE m END
          FROM (SELECT CASE
              WHEN c GLOB '[A-Za-z0-9]' THEN lower(c)
              WHEN unicode(c) < 128 THEN ' '
              WHEN unicode(c) BETWEEN 768 AND 879 THEN ''
              WHEN c IN ('œ', 'Œ') THEN 'oe'
              WHEN c IN ('æ', 'Æ') THEN 'ae'
              WHEN c = 'ß' THEN 'ss'
              WHEN instr('àáâãäåÀÁÂÃÄÅçÇèéêëÈÉÊËìíîïÌÍÎÏñÑòóôõöÒÓÔÕÖùúûüÙÚÛÜýÿÝŸ’‘«» –—‐‑', c) > 0
                THEN substr('aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy         ', instr('àáâãäåÀÁÂÃÄÅçÇèéêëÈÉÊËìíîïÌÍÎÏñÑòóôõöÒÓÔÕÖùúûüÙÚÛÜýÿÝŸ’‘«» –—‐‑', c), 1)
              ELSE c END AS m
            FROM (SELECT substr(NEW.`city`, i, 1) AS c)))
        FROM chars WHERE i <= length(NEW.`city`))
      SELECT substr(replace(replace(' ' || trim(out), ' st ', ' saint '), ' ste ', ' sainte '), 2)
      FROM chars ORDER BY i DESC LIMIT 1))
    SELECT coalesce(
      (SELECT c.`id` FROM f, `city_postal_codes` cp JOIN `cities` c ON c.`id` = cp.`city_id`
        WHERE cp.`postal_code` = f.code
        ORDER BY c.`name_folded` = f.name DESC, c.`population` DESC, c.`id` LIMIT 1),
      (SELECT c.`id` FROM f, `cities` c WHERE c.`name_folded` = f.name
        ORDER BY c.`department` IS f.department DESC, c.`population` DESC, c.`id` LIMIT 1)))
  WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_city_after_insert` AFTER INSERT ON `profiles`
WHEN NEW.`postal_code` IS NOT NULL OR NEW.`city` IS NOT NULL
BEGIN
  UPDATE `profiles` SET `postal_code` = `postal_code` WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- Everyone placed once (on a fresh database the communes are not imported yet: their import does it).
UPDATE `profiles` SET `postal_code` = `postal_code` WHERE `postal_code` IS NOT NULL OR `city` IS NOT NULL;
