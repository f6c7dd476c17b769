-- The admin dashboard's plan cards (paid plans and MRR in force at an instant, plans ended within a
-- period) from sums per UTC day instead of a pass over every subscription (db/schema/
-- dashboard-rollups.ts describes the table; WITHOUT ROWID added by hand to drizzle-kit's CREATE TABLE).
-- Kept as the Geography's city_activity is (migration 0041, where the plans' rule is the same, but
-- here every paid plan counts, placed in a commune or not): a view per kind of contribution, read by
-- the triggers and by the live reads of a period's partial days, and one INSTEAD OF trigger writing.
CREATE TABLE `plan_days` (
	`day` text PRIMARY KEY NOT NULL,
	`started` integer DEFAULT 0 NOT NULL,
	`ended` integer DEFAULT 0 NOT NULL,
	`started_mrr_twelfths` integer DEFAULT 0 NOT NULL,
	`ended_mrr_twelfths` integer DEFAULT 0 NOT NULL
) WITHOUT ROWID;
--> statement-breakpoint
-- A paid plan starts when it is created; a cancelled one ends when it ran out (its period's end) or
-- else when it was cancelled (the dashboard's rule: services/admin/dashboard.ts).
CREATE VIEW `plan_day_sources` AS
SELECT s.`id` AS `source_id`, s.`created_at` AS `at`, 1 AS `started`, 0 AS `ended`, (CASE WHEN s.`billing_cycle` = 'yearly' THEN s.`amount_cents` ELSE s.`amount_cents` * 12 END) AS `started_mrr_twelfths`, 0 AS `ended_mrr_twelfths`
FROM `subscriptions` s WHERE s.`plan` <> 'discovery' AND s.`status` <> 'trialing'
UNION ALL
SELECT s.`id`, (CASE WHEN s.`cancel_at_period_end` THEN s.`current_period_end` ELSE coalesce(s.`canceled_at`, s.`updated_at`) END), 0, 1, 0, (CASE WHEN s.`billing_cycle` = 'yearly' THEN s.`amount_cents` ELSE s.`amount_cents` * 12 END)
FROM `subscriptions` s WHERE s.`status` = 'canceled' AND s.`plan` <> 'discovery';
--> statement-breakpoint
CREATE VIEW `plan_days_delta` AS SELECT 1 AS `sign`, '' AS `at`, 0 AS `started`, 0 AS `ended`, 0 AS `started_mrr_twelfths`, 0 AS `ended_mrr_twelfths` WHERE 0;
--> statement-breakpoint
-- Inserting into plan_days_delta (it holds no row) adds `sign` times a contribution to its day; a day
-- left with nothing goes.
CREATE TRIGGER `plan_days_delta_apply` INSTEAD OF INSERT ON `plan_days_delta`
BEGIN
  INSERT INTO `plan_days` (`day`, `started`, `ended`, `started_mrr_twelfths`, `ended_mrr_twelfths`)
  VALUES (substr(NEW.`at`, 1, 10), NEW.`sign` * NEW.`started`, NEW.`sign` * NEW.`ended`,
    NEW.`sign` * NEW.`started_mrr_twelfths`, NEW.`sign` * NEW.`ended_mrr_twelfths`)
  ON CONFLICT (`day`) DO UPDATE SET `started` = `started` + excluded.`started`, `ended` = `ended` + excluded.`ended`,
    `started_mrr_twelfths` = `started_mrr_twelfths` + excluded.`started_mrr_twelfths`,
    `ended_mrr_twelfths` = `ended_mrr_twelfths` + excluded.`ended_mrr_twelfths`;
  DELETE FROM `plan_days` WHERE `day` = substr(NEW.`at`, 1, 10) AND `started` = 0 AND `ended` = 0
    AND `started_mrr_twelfths` = 0 AND `ended_mrr_twelfths` = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_plan_days_insert` AFTER INSERT ON `subscriptions`
BEGIN
  INSERT INTO `plan_days_delta` SELECT 1, `at`, `started`, `ended`, `started_mrr_twelfths`, `ended_mrr_twelfths` FROM `plan_day_sources` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_plan_days_before_update` BEFORE UPDATE OF `plan`, `status`, `created_at`, `cancel_at_period_end`, `current_period_end`, `canceled_at`, `updated_at`, `amount_cents`, `billing_cycle` ON `subscriptions`
BEGIN
  INSERT INTO `plan_days_delta` SELECT -1, `at`, `started`, `ended`, `started_mrr_twelfths`, `ended_mrr_twelfths` FROM `plan_day_sources` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_plan_days_after_update` AFTER UPDATE OF `plan`, `status`, `created_at`, `cancel_at_period_end`, `current_period_end`, `canceled_at`, `updated_at`, `amount_cents`, `billing_cycle` ON `subscriptions`
BEGIN
  INSERT INTO `plan_days_delta` SELECT 1, `at`, `started`, `ended`, `started_mrr_twelfths`, `ended_mrr_twelfths` FROM `plan_day_sources` WHERE `source_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_plan_days_delete` BEFORE DELETE ON `subscriptions`
BEGIN
  INSERT INTO `plan_days_delta` SELECT -1, `at`, `started`, `ended`, `started_mrr_twelfths`, `ended_mrr_twelfths` FROM `plan_day_sources` WHERE `source_id` = OLD.`id`;
END;
--> statement-breakpoint
-- What already exists, summed once.
INSERT INTO `plan_days` (`day`, `started`, `ended`, `started_mrr_twelfths`, `ended_mrr_twelfths`)
SELECT substr(`at`, 1, 10), sum(`started`), sum(`ended`), sum(`started_mrr_twelfths`), sum(`ended_mrr_twelfths`)
FROM `plan_day_sources` GROUP BY 1;
