CREATE INDEX `profiles_created_idx` ON `profiles` (`created_at`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_name_idx` ON `profiles` (`last_name`,`first_name`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_email_idx` ON `profiles` (`email`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_city_idx` ON `profiles` (`city`,`id`,`user_type`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_type_id_idx` ON `profiles` (`user_type`,`id`,`is_verified`);--> statement-breakpoint
CREATE INDEX `profiles_search_idx` ON `profiles` (`first_name`,`last_name`,`email`,`city`,`phone`,`user_type`,`is_verified`,`id`);