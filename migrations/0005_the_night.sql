CREATE TABLE `event_hosts` (
	`event_id` text NOT NULL,
	`user_id` text NOT NULL,
	`assigned_by` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`event_id`, `user_id`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`assigned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `event_hosts_user_idx` ON `event_hosts` (`user_id`);--> statement-breakpoint
-- Hand-edited (as 0003): drizzle-kit rebuilds `event_bookings` to add a table CHECK, and dropping it
-- on D1 (foreign keys always on) would cascade into reminders_sent and fail on
-- guest_message_deliveries. Columns are added in place instead; the CHECK rides on its column.
ALTER TABLE `event_bookings` ADD `ticket_code` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `checked_in_at` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `checked_in_by` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `running_late_minutes` integer;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `running_late_at` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `cancellation_choice` text CONSTRAINT "event_bookings_choice_chk" CHECK(`cancellation_choice` IS NULL OR `cancellation_choice` IN ('refund','move'));--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `cancellation_choice_at` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `refund_id` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `refund_requested_at` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `refunded_at` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `rescheduled_from` text REFERENCES events(id);--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `rescheduled_at` text;--> statement-breakpoint
-- Every booking made before tickets existed gets its unguessable code (128 random bits).
UPDATE `event_bookings` SET `ticket_code` = lower(hex(randomblob(16))) WHERE `ticket_code` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `event_bookings_ticket_code_unique` ON `event_bookings` (`ticket_code`);--> statement-breakpoint
CREATE INDEX `event_bookings_event_idx` ON `event_bookings` (`event_id`,`status`);