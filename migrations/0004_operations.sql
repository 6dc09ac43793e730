CREATE TABLE `cities` (
	`slug` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`blurb` text NOT NULL,
	`status` text DEFAULT 'coming_soon' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "cities_status_chk" CHECK("cities"."status" IN ('available','coming_soon','hidden'))
);
--> statement-breakpoint
-- Hand-added: the three cities the home page showed as constants until now (SPEC §2).
INSERT INTO `cities` (`slug`, `name`, `blurb`, `status`, `position`) VALUES
	('gurugram', 'Gurugram', 'Join us for an amazing evening', 'available', 1),
	('noida', 'Noida', 'Coming soon to your area', 'coming_soon', 2),
	('delhi-ncr', 'Delhi NCR', 'Expanding to more locations', 'coming_soon', 3);
--> statement-breakpoint
CREATE TABLE `guest_message_deliveries` (
	`message_id` text NOT NULL,
	`booking_id` text NOT NULL,
	`channel` text NOT NULL,
	`sent_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	PRIMARY KEY(`message_id`, `booking_id`, `channel`),
	FOREIGN KEY (`message_id`) REFERENCES `guest_messages`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "guest_message_deliveries_channel_chk" CHECK("guest_message_deliveries"."channel" IN ('email','whatsapp'))
);
--> statement-breakpoint
CREATE TABLE `guest_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`sent_by` text NOT NULL,
	`recipients` integer NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`sent_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "guest_messages_kind_chk" CHECK("guest_messages"."kind" IN ('cancellation','announcement'))
);
--> statement-breakpoint
CREATE INDEX `guest_messages_event_idx` ON `guest_messages` (`event_id`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_coupons` (
	`code` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`value` integer NOT NULL,
	`ticket_types` text,
	`event_id` text,
	`max_redemptions` integer,
	`expires_at` text,
	`active` integer DEFAULT true NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "coupons_kind_chk" CHECK("__new_coupons"."kind" IN ('percent','fixed')),
	CONSTRAINT "coupons_value_chk" CHECK("__new_coupons"."value" > 0 AND ("__new_coupons"."kind" <> 'percent' OR "__new_coupons"."value" <= 100)),
	CONSTRAINT "coupons_max_chk" CHECK("__new_coupons"."max_redemptions" IS NULL OR "__new_coupons"."max_redemptions" > 0)
);
--> statement-breakpoint
-- Hand-edited: the old table had `percent_off`; every old coupon is a percent coupon.
INSERT INTO `__new_coupons`("code", "kind", "value", "event_id", "active", "created_at", "updated_at") SELECT "code", 'percent', "percent_off", "event_id", "active", "created_at", "created_at" FROM `coupons`;--> statement-breakpoint
DROP TABLE `coupons`;--> statement-breakpoint
ALTER TABLE `__new_coupons` RENAME TO `coupons`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `events` ADD `cancelled_at` text;--> statement-breakpoint
ALTER TABLE `events` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `coupon_code` text;--> statement-breakpoint
CREATE INDEX `payment_orders_coupon_idx` ON `payment_orders` (`coupon_code`,`status`);