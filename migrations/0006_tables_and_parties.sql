CREATE TABLE `event_tables` (
	`event_id` text NOT NULL,
	`number` integer NOT NULL,
	`locked_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`locked_by` text NOT NULL,
	PRIMARY KEY(`event_id`, `number`),
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`locked_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `table_number` integer;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `party_name` text;--> statement-breakpoint
ALTER TABLE `event_bookings` ADD `party_phone` text;--> statement-breakpoint
ALTER TABLE `events` ADD `tables_published_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `tables_published_by` text REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `party_name` text;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `party_phone` text;