-- Money happens once (issue 18): claim columns for a refund, a duplicate checkout's refund and a plan
-- change in flight; at most one paid plan in force per profile and one refund per invoice. A database
-- where a babysitter already holds two paid plans in force fails on the index: end (and refund) one first.
ALTER TABLE `checkouts` ADD `refund_claimed_at` text;--> statement-breakpoint
ALTER TABLE `checkouts` ADD `refunded_at` text;--> statement-breakpoint
ALTER TABLE `invoices` ADD `refund_claimed_at` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `plan_change_started_at` text;--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_one_paid_plan_idx` ON `subscriptions` (`profile_id`) WHERE "subscriptions"."plan" <> 'discovery' AND "subscriptions"."status" IN ('active', 'past_due', 'paused', 'trialing');--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_invoice_unique` ON `refunds` (`invoice_id`) WHERE "refunds"."invoice_id" IS NOT NULL;