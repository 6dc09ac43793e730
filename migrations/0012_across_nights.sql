CREATE TABLE `credit_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`booking_id` text,
	`order_id` text,
	`grant_id` text,
	`note` text,
	`granted_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`expires_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "credit_kind_chk" CHECK("credit_entries"."kind" IN ('release','operator','spent','expired')),
	CONSTRAINT "credit_amount_chk" CHECK("credit_entries"."amount" > 0 OR ("credit_entries"."kind" = 'expired' AND "credit_entries"."amount" = 0))
);
--> statement-breakpoint
CREATE INDEX `credit_entries_user_idx` ON `credit_entries` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_release_unique` ON `credit_entries` (`booking_id`) WHERE kind = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX `credit_spent_unique` ON `credit_entries` (`order_id`) WHERE kind = 'spent';--> statement-breakpoint
CREATE UNIQUE INDEX `credit_expired_unique` ON `credit_entries` (`grant_id`) WHERE kind = 'expired';--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`event_id` text NOT NULL,
	`ticket_type` text NOT NULL,
	`seats` integer NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`passed_over` integer DEFAULT 0 NOT NULL,
	`order_id` text,
	`token` text,
	`offered_at` text,
	`offer_expires_at` text,
	`offered_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`ended_at` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`offered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "waitlist_status_chk" CHECK("waitlist_entries"."status" IN ('waiting','offered','booked','left','lapsed','closed')),
	CONSTRAINT "waitlist_ticket_chk" CHECK("waitlist_entries"."ticket_type" IN ('male','female','couple','female_duo'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_token_unique` ON `waitlist_entries` (`token`);--> statement-breakpoint
CREATE INDEX `waitlist_event_idx` ON `waitlist_entries` (`event_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist_entries` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_active_unique` ON `waitlist_entries` (`user_id`,`event_id`) WHERE status IN ('waiting', 'offered');--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `released_at` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `attendance_confirmed_at` text;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `credit_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `released_at` text;