CREATE TABLE `account` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider_id` text NOT NULL,
	`user_id` text NOT NULL,
	`access_token` text,
	`refresh_token` text,
	`id_token` text,
	`access_token_expires_at` integer,
	`refresh_token_expires_at` integer,
	`scope` text,
	`password` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `account_user_id_idx` ON `account` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_limit` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`count` integer NOT NULL,
	`last_request` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rate_limit_key_unique` ON `rate_limit` (`key`);--> statement-breakpoint
CREATE TABLE `session` (
	`id` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL,
	`token` text NOT NULL,
	`ip_address` text,
	`user_agent` text,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_token_unique` ON `session` (`token`);--> statement-breakpoint
CREATE INDEX `session_user_id_idx` ON `session` (`user_id`);--> statement-breakpoint
CREATE TABLE `user` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer DEFAULT false NOT NULL,
	`image` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_email_unique` ON `user` (`email`);--> statement-breakpoint
CREATE TABLE `verification` (
	`id` text PRIMARY KEY NOT NULL,
	`identifier` text NOT NULL,
	`value` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `verification_identifier_idx` ON `verification` (`identifier`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`window_started_at` integer NOT NULL,
	`blocked_until` integer,
	CONSTRAINT "login_throttle_failures_check" CHECK("login_throttle"."failures" >= 0)
);
--> statement-breakpoint
CREATE TABLE `babysitter_profiles` (
	`profile_id` text PRIMARY KEY NOT NULL,
	`hourly_rate_cents` integer NOT NULL,
	`experience_years` integer DEFAULT 0 NOT NULL,
	`languages` text DEFAULT '[]' NOT NULL,
	`specialties` text DEFAULT '[]' NOT NULL,
	`certifications` text DEFAULT '[]' NOT NULL,
	`age_groups` text DEFAULT '[]' NOT NULL,
	`available_hours` text DEFAULT '{}' NOT NULL,
	`emergency_available` integer DEFAULT false NOT NULL,
	`has_references` integer DEFAULT false NOT NULL,
	`subscription_plan` text DEFAULT 'discovery' NOT NULL,
	`subscription_expires` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "babysitter_profiles_rate_check" CHECK("babysitter_profiles"."hourly_rate_cents" BETWEEN 100 AND 100000),
	CONSTRAINT "babysitter_profiles_experience_check" CHECK("babysitter_profiles"."experience_years" >= 0),
	CONSTRAINT "babysitter_profiles_plan_check" CHECK("babysitter_profiles"."subscription_plan" IN ('discovery', 'standard', 'premium'))
);
--> statement-breakpoint
CREATE INDEX `babysitter_profiles_rate_idx` ON `babysitter_profiles` (`hourly_rate_cents`);--> statement-breakpoint
CREATE TABLE `children` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text NOT NULL,
	`name` text NOT NULL,
	`age` integer NOT NULL,
	`special_needs` text,
	`allergies` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "children_age_check" CHECK("children"."age" BETWEEN 0 AND 18),
	CONSTRAINT "children_name_check" CHECK(length(trim("children"."name")) > 0),
	CONSTRAINT "children_special_needs_check" CHECK("children"."special_needs" IS NULL OR length("children"."special_needs") <= 200),
	CONSTRAINT "children_allergies_check" CHECK("children"."allergies" IS NULL OR length("children"."allergies") <= 200)
);
--> statement-breakpoint
CREATE INDEX `children_parent_idx` ON `children` (`parent_id`);--> statement-breakpoint
CREATE TABLE `profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`user_type` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`address` text,
	`city` text,
	`postal_code` text,
	`bio` text,
	`photo_url` text,
	`is_verified` integer DEFAULT false NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`total_reviews` integer DEFAULT 0 NOT NULL,
	`latitude` real,
	`longitude` real,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "profiles_user_type_check" CHECK("profiles"."user_type" IN ('parent', 'babysitter', 'admin')),
	CONSTRAINT "profiles_rating_check" CHECK("profiles"."rating" BETWEEN 0 AND 5),
	CONSTRAINT "profiles_total_reviews_check" CHECK("profiles"."total_reviews" >= 0),
	CONSTRAINT "profiles_bio_length_check" CHECK("profiles"."bio" IS NULL OR length("profiles"."bio") <= 500),
	CONSTRAINT "profiles_latitude_check" CHECK("profiles"."latitude" IS NULL OR "profiles"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "profiles_longitude_check" CHECK("profiles"."longitude" IS NULL OR "profiles"."longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_user_id_unique` ON `profiles` (`user_id`);--> statement-breakpoint
CREATE INDEX `profiles_user_type_city_idx` ON `profiles` (`user_type`,`city`);--> statement-breakpoint
CREATE INDEX `profiles_lat_lng_idx` ON `profiles` (`latitude`,`longitude`);--> statement-breakpoint
CREATE TABLE `booking_children` (
	`booking_id` text NOT NULL,
	`child_id` text NOT NULL,
	PRIMARY KEY(`booking_id`, `child_id`),
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`child_id`) REFERENCES `children`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `booking_children_child_idx` ON `booking_children` (`child_id`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`parent_id` text NOT NULL,
	`babysitter_id` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`hourly_rate_cents` integer NOT NULL,
	`total_amount_cents` integer NOT NULL,
	`special_instructions` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`parent_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`babysitter_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "bookings_status_check" CHECK("bookings"."status" IN ('pending', 'confirmed', 'completed', 'cancelled')),
	CONSTRAINT "bookings_time_order_check" CHECK("bookings"."end_time" > "bookings"."start_time"),
	CONSTRAINT "bookings_rate_check" CHECK("bookings"."hourly_rate_cents" BETWEEN 100 AND 100000),
	CONSTRAINT "bookings_total_check" CHECK("bookings"."total_amount_cents" >= 0),
	CONSTRAINT "bookings_parties_check" CHECK("bookings"."parent_id" <> "bookings"."babysitter_id")
);
--> statement-breakpoint
CREATE INDEX `bookings_parent_start_idx` ON `bookings` (`parent_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_babysitter_start_idx` ON `bookings` (`babysitter_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `bookings_overlap_idx` ON `bookings` (`babysitter_id`,`status`,`start_time`,`end_time`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sender_id` text NOT NULL,
	`recipient_id` text NOT NULL,
	`content` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`sender_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recipient_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "messages_content_check" CHECK(length("messages"."content") BETWEEN 1 AND 5000),
	CONSTRAINT "messages_parties_check" CHECK("messages"."sender_id" <> "messages"."recipient_id")
);
--> statement-breakpoint
CREATE INDEX `messages_sender_recipient_idx` ON `messages` (`sender_id`,`recipient_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_recipient_sender_idx` ON `messages` (`recipient_id`,`sender_id`,`id`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`recipient_id`,`read`);--> statement-breakpoint
CREATE TABLE `reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`reviewer_id` text NOT NULL,
	`reviewed_id` text NOT NULL,
	`rating` integer NOT NULL,
	`comment` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewer_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "reviews_rating_check" CHECK("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_comment_check" CHECK(length("reviews"."comment") >= 20),
	CONSTRAINT "reviews_parties_check" CHECK("reviews"."reviewer_id" <> "reviews"."reviewed_id")
);
--> statement-breakpoint
CREATE INDEX `reviews_reviewed_created_idx` ON `reviews` (`reviewed_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_reviewer_unique` ON `reviews` (`booking_id`,`reviewer_id`);--> statement-breakpoint
CREATE TABLE `communication_preferences` (
	`user_id` text PRIMARY KEY NOT NULL,
	`email_enabled` integer DEFAULT true NOT NULL,
	`sms_enabled` integer DEFAULT false NOT NULL,
	`push_enabled` integer DEFAULT true NOT NULL,
	`emergency_sms` integer DEFAULT true NOT NULL,
	`marketing_emails` integer DEFAULT false NOT NULL,
	`booking_reminders` integer DEFAULT true NOT NULL,
	`payment_notifications` integer DEFAULT true NOT NULL,
	`message_notifications` integer DEFAULT true NOT NULL,
	`push_token` text,
	`push_token_updated_at` text,
	`notify_new_bookings` integer DEFAULT true NOT NULL,
	`notify_messages` integer DEFAULT true NOT NULL,
	`notify_reviews` integer DEFAULT true NOT NULL,
	`notify_by_email` integer DEFAULT false NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`subscription_id` text,
	`number` text NOT NULL,
	`amount_paid_cents` integer DEFAULT 0 NOT NULL,
	`amount_due_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`status` text NOT NULL,
	`hosted_invoice_url` text,
	`invoice_pdf_url` text,
	`stripe_invoice_id` text,
	`period_start` text,
	`period_end` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "invoices_status_check" CHECK("invoices"."status" IN ('draft', 'open', 'paid', 'void', 'uncollectible')),
	CONSTRAINT "invoices_amount_paid_check" CHECK("invoices"."amount_paid_cents" >= 0),
	CONSTRAINT "invoices_amount_due_check" CHECK("invoices"."amount_due_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_stripe_invoice_id_unique` ON `invoices` (`stripe_invoice_id`);--> statement-breakpoint
CREATE INDEX `invoices_profile_created_idx` ON `invoices` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_subscription_idx` ON `invoices` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`subscription_id` text NOT NULL,
	`invoice_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`note` text,
	`stripe_refund_id` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "refunds_amount_check" CHECK("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_reason_check" CHECK("refunds"."reason" IN ('customer_request', 'service_issue', 'billing_error', 'fraud', 'other')),
	CONSTRAINT "refunds_status_check" CHECK("refunds"."status" IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_stripe_refund_id_unique` ON `refunds` (`stripe_refund_id`);--> statement-breakpoint
CREATE INDEX `refunds_subscription_idx` ON `refunds` (`subscription_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`plan` text NOT NULL,
	`status` text NOT NULL,
	`current_period_start` text NOT NULL,
	`current_period_end` text NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`billing_cycle` text DEFAULT 'monthly' NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'eur' NOT NULL,
	`stripe_subscription_id` text,
	`stripe_customer_id` text,
	`stripe_price_id` text,
	`bookings_included` integer,
	`payment_method` text,
	`canceled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "subscriptions_plan_check" CHECK("subscriptions"."plan" IN ('discovery', 'standard', 'premium')),
	CONSTRAINT "subscriptions_status_check" CHECK("subscriptions"."status" IN ('active', 'trialing', 'paused', 'canceled', 'past_due')),
	CONSTRAINT "subscriptions_cycle_check" CHECK("subscriptions"."billing_cycle" IN ('monthly', 'yearly')),
	CONSTRAINT "subscriptions_amount_check" CHECK("subscriptions"."amount_cents" >= 0),
	CONSTRAINT "subscriptions_period_check" CHECK("subscriptions"."current_period_end" > "subscriptions"."current_period_start"),
	CONSTRAINT "subscriptions_bookings_included_check" CHECK("subscriptions"."bookings_included" IS NULL OR "subscriptions"."bookings_included" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_stripe_subscription_id_unique` ON `subscriptions` (`stripe_subscription_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_profile_idx` ON `subscriptions` (`profile_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`data` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "notifications_type_check" CHECK("notifications"."type" IN ('booking', 'message', 'review', 'system'))
);
--> statement-breakpoint
CREATE INDEX `notifications_profile_read_created_idx` ON `notifications` (`profile_id`,`read`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text,
	`body` text NOT NULL,
	`payload` text,
	`status` text DEFAULT 'simulated' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	CONSTRAINT "outbox_channel_check" CHECK("outbox"."channel" IN ('email', 'sms', 'push')),
	CONSTRAINT "outbox_status_check" CHECK("outbox"."status" IN ('queued', 'sent', 'simulated', 'failed'))
);
--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_recipient_idx` ON `outbox` (`recipient`,`created_at`);--> statement-breakpoint
CREATE TABLE `favourites` (
	`parent_profile_id` text NOT NULL,
	`babysitter_profile_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`parent_profile_id`, `babysitter_profile_id`),
	FOREIGN KEY (`parent_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`babysitter_profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "favourites_distinct_check" CHECK("favourites"."parent_profile_id" <> "favourites"."babysitter_profile_id")
);
--> statement-breakpoint
CREATE INDEX `favourites_babysitter_idx` ON `favourites` (`babysitter_profile_id`);--> statement-breakpoint
CREATE TABLE `flagged_content` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`profile_id` text NOT NULL,
	`resource_id` text,
	`content` text NOT NULL,
	`reason` text NOT NULL,
	`reported_by` text,
	`reported_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`severity` text NOT NULL,
	`ai_score` real,
	`reviewed_by` text,
	`reviewed_at` text,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reported_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "flagged_content_type_check" CHECK("flagged_content"."type" IN ('profile', 'message', 'review', 'photo')),
	CONSTRAINT "flagged_content_status_check" CHECK("flagged_content"."status" IN ('pending', 'approved', 'rejected', 'escalated')),
	CONSTRAINT "flagged_content_severity_check" CHECK("flagged_content"."severity" IN ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "flagged_content_ai_score_check" CHECK("flagged_content"."ai_score" IS NULL OR "flagged_content"."ai_score" BETWEEN 0 AND 1)
);
--> statement-breakpoint
CREATE INDEX `flagged_content_status_reported_idx` ON `flagged_content` (`status`,`reported_at`);--> statement-breakpoint
CREATE INDEX `flagged_content_profile_idx` ON `flagged_content` (`profile_id`);--> statement-breakpoint
CREATE TABLE `identity_documents` (
	`id` text PRIMARY KEY NOT NULL,
	`profile_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`storage_key` text NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`reviewed_by` text,
	`reviewed_at` text,
	`rejection_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`profile_id`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewed_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "identity_documents_kind_check" CHECK("identity_documents"."kind" IN ('id_document', 'proof_of_address', 'criminal_record', 'diploma')),
	CONSTRAINT "identity_documents_status_check" CHECK("identity_documents"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "identity_documents_size_check" CHECK("identity_documents"."size_bytes" > 0)
);
--> statement-breakpoint
CREATE INDEX `identity_documents_profile_kind_idx` ON `identity_documents` (`profile_id`,`kind`);--> statement-breakpoint
CREATE INDEX `identity_documents_status_created_idx` ON `identity_documents` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `audit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`user_name` text,
	`action` text NOT NULL,
	`resource` text NOT NULL,
	`details` text,
	`ip_address` text,
	`user_agent` text,
	`status` text DEFAULT 'success' NOT NULL,
	`severity` text DEFAULT 'low' NOT NULL,
	`metadata` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "audit_events_status_check" CHECK("audit_events"."status" IN ('success', 'failure', 'warning')),
	CONSTRAINT "audit_events_severity_check" CHECK("audit_events"."severity" IN ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE INDEX `audit_events_created_idx` ON `audit_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_events_action_idx` ON `audit_events` (`action`);--> statement-breakpoint
CREATE TABLE `ai_config` (
	`group` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `profiles`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "ai_config_group_check" CHECK("ai_config"."group" IN ('matching', 'security', 'recommendations', 'performance'))
);
--> statement-breakpoint
CREATE TABLE `cities` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`department` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`population` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cities_latitude_check" CHECK("cities"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "cities_longitude_check" CHECK("cities"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "cities_population_check" CHECK("cities"."population" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cities_name_department_unique` ON `cities` (`name`,`department`);