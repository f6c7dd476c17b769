ALTER TABLE `user` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `user` ADD `suspension_reason` text;--> statement-breakpoint
CREATE INDEX `audit_events_user_created_idx` ON `audit_events` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_resource_created_idx` ON `audit_events` (`resource`,`created_at`);--> statement-breakpoint
-- The audit log is append-only: no row is ever deleted, and a row changes only when a deleted
-- account is anonymised, which may set its personal fields (user_id, user_name, ip_address,
-- user_agent) to NULL and nothing else. Enforced here, so no route, script or bug can rewrite history.
CREATE TRIGGER `audit_events_no_delete` BEFORE DELETE ON `audit_events`
BEGIN
  SELECT RAISE(ABORT, 'audit_append_only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_events_no_update` BEFORE UPDATE ON `audit_events`
WHEN NOT (
  NEW.`id` IS OLD.`id`
  AND NEW.`action` IS OLD.`action`
  AND NEW.`resource` IS OLD.`resource`
  AND NEW.`details` IS OLD.`details`
  AND NEW.`status` IS OLD.`status`
  AND NEW.`severity` IS OLD.`severity`
  AND NEW.`metadata` IS OLD.`metadata`
  AND NEW.`created_at` IS OLD.`created_at`
  AND (NEW.`user_id` IS OLD.`user_id` OR NEW.`user_id` IS NULL)
  AND (NEW.`user_name` IS OLD.`user_name` OR NEW.`user_name` IS NULL)
  AND (NEW.`ip_address` IS OLD.`ip_address` OR NEW.`ip_address` IS NULL)
  AND (NEW.`user_agent` IS OLD.`user_agent` OR NEW.`user_agent` IS NULL)
)
BEGIN
  SELECT RAISE(ABORT, 'audit_append_only');
END;
