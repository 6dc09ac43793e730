CREATE TABLE `city_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`city` text NOT NULL,
	`user_id` text,
	`contact` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `city_waitlist_city_user_idx` ON `city_waitlist` (`city`,`user_id`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`code` text PRIMARY KEY NOT NULL,
	`event_id` text,
	`percent_off` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coupons_percent_chk" CHECK("coupons"."percent_off" > 0 AND "coupons"."percent_off" <= 100)
);
--> statement-breakpoint
CREATE TABLE `event_bookings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text NOT NULL,
	`event_id` text NOT NULL,
	`event_name` text NOT NULL,
	`event_location` text NOT NULL,
	`event_date` text NOT NULL,
	`ticket_type` text NOT NULL,
	`seats` integer NOT NULL,
	`amount` integer NOT NULL,
	`payment_id` text NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`booking_date` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`confirmation_email_sent_at` text,
	`confirmation_whatsapp_sent_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_bookings_order_id_unique` ON `event_bookings` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_bookings_payment_id_unique` ON `event_bookings` (`payment_id`);--> statement-breakpoint
CREATE INDEX `event_bookings_user_idx` ON `event_bookings` (`user_id`,`booking_date`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`city` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`location` text NOT NULL,
	`date` text NOT NULL,
	`starts_at` text NOT NULL,
	`image_url` text NOT NULL,
	`available` integer DEFAULT true NOT NULL,
	`ticket_price_single` integer NOT NULL,
	`ticket_price_couple` integer NOT NULL,
	`ticket_price_group` integer NOT NULL,
	`capacity` integer NOT NULL,
	`venue_name` text,
	`venue_address` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "events_prices_chk" CHECK("events"."ticket_price_single" >= 0 AND "events"."ticket_price_couple" >= 0 AND "events"."ticket_price_group" >= 0),
	CONSTRAINT "events_capacity_chk" CHECK("events"."capacity" >= 0)
);
--> statement-breakpoint
CREATE INDEX `events_city_date_idx` ON `events` (`city`,`starts_at`);--> statement-breakpoint
CREATE TABLE `newsletter_signups` (
	`email` text PRIMARY KEY NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `otp_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`phone` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` text NOT NULL,
	`consumed_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `otp_codes_phone_idx` ON `otp_codes` (`phone`,`created_at`);--> statement-breakpoint
CREATE TABLE `payment_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`razorpay_order_id` text,
	`receipt` text NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`ticket_type` text NOT NULL,
	`seats` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`hold_expires_at` text NOT NULL,
	`payment_id` text,
	`failure_reason` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payment_orders_ticket_chk" CHECK("payment_orders"."ticket_type" IN ('male','female','couple','female_duo')),
	CONSTRAINT "payment_orders_status_chk" CHECK("payment_orders"."status" IN ('created','paid','confirmed','failed','expired','refunded','needs_attention')),
	CONSTRAINT "payment_orders_seats_chk" CHECK("payment_orders"."seats" IN (1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_razorpay_order_id_unique` ON `payment_orders` (`razorpay_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_receipt_unique` ON `payment_orders` (`receipt`);--> statement-breakpoint
CREATE INDEX `payment_orders_event_idx` ON `payment_orders` (`event_id`,`status`);--> statement-breakpoint
CREATE INDEX `payment_orders_user_idx` ON `payment_orders` (`user_id`);--> statement-breakpoint
CREATE TABLE `quiz_responses` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`age_range` text NOT NULL,
	`dietary_preferences` text NOT NULL,
	`interests` text NOT NULL,
	`personality_type` text NOT NULL,
	`conversation_style` text NOT NULL,
	`answers` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "quiz_personality_chk" CHECK("quiz_responses"."personality_type" IN ('extrovert','introvert')),
	CONSTRAINT "quiz_diet_chk" CHECK("quiz_responses"."dietary_preferences" IN ('vegetarian','non_vegetarian'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_responses_user_id_unique` ON `quiz_responses` (`user_id`);--> statement-breakpoint
CREATE TABLE `rate_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_events_key_idx` ON `rate_events` (`key`,`at`);--> statement-breakpoint
CREATE TABLE `refresh_tokens` (
	`hash` text PRIMARY KEY NOT NULL,
	`session_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`used_at` text,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `refresh_tokens_session_idx` ON `refresh_tokens` (`session_id`);--> statement-breakpoint
CREATE TABLE `reminders_sent` (
	`booking_id` text NOT NULL,
	`kind` text NOT NULL,
	`sent_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`booking_id`, `kind`),
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_profiles` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`full_name` text,
	`email` text,
	`phone_number` text,
	`age` integer,
	`sex` text,
	`date_of_birth` text,
	`relationship_status` text,
	`work_profile` text,
	`welcome_sent_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "user_profiles_sex_chk" CHECK("user_profiles"."sex" IS NULL OR "user_profiles"."sex" IN ('male','female','prefer_not_to_say')),
	CONSTRAINT "user_profiles_rel_chk" CHECK("user_profiles"."relationship_status" IS NULL OR "user_profiles"."relationship_status" IN ('single','in_relationship','prefer_not_to_say')),
	CONSTRAINT "user_profiles_work_chk" CHECK("user_profiles"."work_profile" IS NULL OR "user_profiles"."work_profile" IN ('job','business','student','startup')),
	CONSTRAINT "user_profiles_age_chk" CHECK("user_profiles"."age" IS NULL OR "user_profiles"."age" >= 18)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_user_id_unique` ON `user_profiles` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `user_profiles_email_unique` ON `user_profiles` (`email`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text,
	`phone` text,
	`google_sub` text,
	`password_hash` text,
	`disabled_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`event` text NOT NULL,
	`received_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
