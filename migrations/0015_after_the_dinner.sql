CREATE TABLE `dinner_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`evening` integer NOT NULL,
	`host` integer NOT NULL,
	`venue` integer NOT NULL,
	`note` text,
	`share_kind` text,
	`share_value` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "dinner_feedback_ratings_chk" CHECK("dinner_feedback"."evening" BETWEEN 1 AND 5 AND "dinner_feedback"."host" BETWEEN 1 AND 5 AND "dinner_feedback"."venue" BETWEEN 1 AND 5),
	CONSTRAINT "dinner_feedback_share_chk" CHECK(("dinner_feedback"."share_kind" IS NULL) = ("dinner_feedback"."share_value" IS NULL)),
	CONSTRAINT "dinner_feedback_kind_chk" CHECK("dinner_feedback"."share_kind" IS NULL OR "dinner_feedback"."share_kind" IN ('whatsapp','instagram','email'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `dinner_feedback_booking_id_unique` ON `dinner_feedback` (`booking_id`);--> statement-breakpoint
CREATE INDEX `dinner_feedback_event_idx` ON `dinner_feedback` (`event_id`);--> statement-breakpoint
CREATE INDEX `dinner_feedback_user_idx` ON `dinner_feedback` (`user_id`);--> statement-breakpoint
CREATE TABLE `dinner_shares` (
	`token` text PRIMARY KEY NOT NULL,
	`booking_id` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `dinner_shares_booking_idx` ON `dinner_shares` (`booking_id`,`revoked_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`reporter_id` text NOT NULL,
	`booking_id` text,
	`event_id` text,
	`category` text NOT NULL,
	`description` text NOT NULL,
	`about_user_id` text,
	`urgent` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`resolved_at` text,
	`resolved_by` text,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`about_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "reports_category_chk" CHECK("reports"."category" IN ('harassment','felt_unsafe','no_show_host','venue','other')),
	CONSTRAINT "reports_status_chk" CHECK("reports"."status" IN ('open','resolved'))
);
--> statement-breakpoint
CREATE INDEX `reports_status_idx` ON `reports` (`status`,`urgent`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);--> statement-breakpoint
CREATE INDEX `reports_about_idx` ON `reports` (`about_user_id`);--> statement-breakpoint
CREATE TABLE `tablemate_verdicts` (
	`event_id` text NOT NULL,
	`from_user_id` text NOT NULL,
	`to_user_id` text NOT NULL,
	`verdict` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`event_id`, `from_user_id`, `to_user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "tablemate_verdicts_verdict_chk" CHECK("tablemate_verdicts"."verdict" IN ('again','rather_not')),
	CONSTRAINT "tablemate_verdicts_self_chk" CHECK("tablemate_verdicts"."from_user_id" <> "tablemate_verdicts"."to_user_id")
);
--> statement-breakpoint
CREATE INDEX `tablemate_verdicts_to_idx` ON `tablemate_verdicts` (`to_user_id`);--> statement-breakpoint
CREATE INDEX `tablemate_verdicts_from_idx` ON `tablemate_verdicts` (`from_user_id`);--> statement-breakpoint
ALTER TABLE `user_profiles` ADD `seat_with_women` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_at` text;