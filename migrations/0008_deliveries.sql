CREATE TABLE `deliveries` (
	`key` text NOT NULL,
	`channel` text NOT NULL,
	`booking_id` text,
	`user_id` text,
	`state` text NOT NULL,
	`claimed_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`sent_at` text,
	`attempts` integer DEFAULT 1 NOT NULL,
	`last_status` integer,
	`last_error` text,
	PRIMARY KEY(`key`, `channel`),
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "deliveries_channel_chk" CHECK("deliveries"."channel" IN ('email','whatsapp')),
	CONSTRAINT "deliveries_state_chk" CHECK("deliveries"."state" IN ('sending','sent','failed','undeliverable'))
);
--> statement-breakpoint
CREATE INDEX `deliveries_booking_idx` ON `deliveries` (`booking_id`);--> statement-breakpoint
CREATE INDEX `deliveries_user_idx` ON `deliveries` (`user_id`);--> statement-breakpoint
-- Hand-added (docs/decisions/025): what the old claims say was sent is copied into `deliveries`
-- before they go, so nothing already sent is sent again after the deploy. A claim cannot tell a
-- send from one in flight or a refusal: each is copied as `sent`.
-- Confirmations: one sent-at column per channel; the key carries the booking's move, as now.
INSERT OR IGNORE INTO `deliveries` (`key`, `channel`, `booking_id`, `user_id`, `state`, `claimed_at`, `sent_at`)
SELECT 'confirmation:' || `id` || CASE WHEN `rescheduled_at` IS NOT NULL THEN ':moved:' || `rescheduled_at` ELSE '' END,
  'email', `id`, `user_id`, 'sent', `confirmation_email_sent_at`, `confirmation_email_sent_at`
FROM `event_bookings` WHERE `confirmation_email_sent_at` IS NOT NULL;--> statement-breakpoint
INSERT OR IGNORE INTO `deliveries` (`key`, `channel`, `booking_id`, `user_id`, `state`, `claimed_at`, `sent_at`)
SELECT 'confirmation:' || `id` || CASE WHEN `rescheduled_at` IS NOT NULL THEN ':moved:' || `rescheduled_at` ELSE '' END,
  'whatsapp', `id`, `user_id`, 'sent', `confirmation_whatsapp_sent_at`, `confirmation_whatsapp_sent_at`
FROM `event_bookings` WHERE `confirmation_whatsapp_sent_at` IS NOT NULL;--> statement-breakpoint
-- Reminders: one row claimed both channels (a move deleted its rows, so each is the current dinner's).
INSERT OR IGNORE INTO `deliveries` (`key`, `channel`, `booking_id`, `user_id`, `state`, `claimed_at`, `sent_at`)
SELECT 'reminder:' || r.`kind` || ':' || b.`id` || CASE WHEN b.`rescheduled_at` IS NOT NULL THEN ':moved:' || b.`rescheduled_at` ELSE '' END,
  c.`channel`, b.`id`, b.`user_id`, 'sent', r.`sent_at`, r.`sent_at`
FROM `reminders_sent` r JOIN `event_bookings` b ON b.`id` = r.`booking_id`
  CROSS JOIN (SELECT 'email' AS `channel` UNION ALL SELECT 'whatsapp') c
WHERE r.`kind` IN ('48h', '24h', 'day_of');--> statement-breakpoint
-- Notices (decision 021): `refund:<channel>`, and `late:<at>:<host>` (one host, one channel: both kept).
INSERT OR IGNORE INTO `deliveries` (`key`, `channel`, `booking_id`, `user_id`, `state`, `claimed_at`, `sent_at`)
SELECT 'notice:refund:' || r.`booking_id`, substr(r.`kind`, 8), r.`booking_id`, NULL, 'sent', r.`sent_at`, r.`sent_at`
FROM `reminders_sent` r WHERE r.`kind` IN ('refund:email', 'refund:whatsapp');--> statement-breakpoint
INSERT OR IGNORE INTO `deliveries` (`key`, `channel`, `booking_id`, `user_id`, `state`, `claimed_at`, `sent_at`)
SELECT 'notice:' || r.`kind` || ':' || r.`booking_id`, c.`channel`, r.`booking_id`, NULL, 'sent', r.`sent_at`, r.`sent_at`
FROM `reminders_sent` r CROSS JOIN (SELECT 'email' AS `channel` UNION ALL SELECT 'whatsapp') c
WHERE r.`kind` LIKE 'late:%';--> statement-breakpoint
-- Console messages (decision 016).
INSERT OR IGNORE INTO `deliveries` (`key`, `channel`, `booking_id`, `user_id`, `state`, `claimed_at`, `sent_at`)
SELECT 'message:' || g.`message_id` || ':' || g.`booking_id`, g.`channel`, g.`booking_id`, b.`user_id`, 'sent', g.`sent_at`, g.`sent_at`
FROM `guest_message_deliveries` g JOIN `event_bookings` b ON b.`id` = g.`booking_id`;--> statement-breakpoint
-- The welcome email (user_profiles.welcome_sent_at stays until services/profiles.ts stops claiming it).
INSERT OR IGNORE INTO `deliveries` (`key`, `channel`, `booking_id`, `user_id`, `state`, `claimed_at`, `sent_at`)
SELECT 'welcome:' || `user_id`, 'email', NULL, `user_id`, 'sent', `welcome_sent_at`, `welcome_sent_at`
FROM `user_profiles` WHERE `welcome_sent_at` IS NOT NULL;--> statement-breakpoint
-- reminders_sent keeps only the ledger's refund markers (`refund_failed:…`, `refund:requeued`).
DELETE FROM `reminders_sent` WHERE `kind` IN ('48h', '24h', 'day_of', 'refund:email', 'refund:whatsapp') OR `kind` LIKE 'late:%';--> statement-breakpoint
DROP TABLE `guest_message_deliveries`;--> statement-breakpoint
ALTER TABLE `event_bookings` DROP COLUMN `confirmation_email_sent_at`;--> statement-breakpoint
ALTER TABLE `event_bookings` DROP COLUMN `confirmation_whatsapp_sent_at`;