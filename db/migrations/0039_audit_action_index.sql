DROP INDEX `audit_events_action_idx`;--> statement-breakpoint
CREATE INDEX `audit_events_action_created_idx` ON `audit_events` (`action`,`created_at`,`status`,`severity`);