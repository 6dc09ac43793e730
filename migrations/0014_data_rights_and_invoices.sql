CREATE TABLE `consents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`notice_version` text NOT NULL,
	`granted` integer NOT NULL,
	`source` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "consents_purpose_chk" CHECK("consents"."purpose" IN ('service','marketing')),
	CONSTRAINT "consents_source_chk" CHECK("consents"."source" IN ('notice','profile','unsubscribe_link','newsletter_form')),
	CONSTRAINT "consents_granted_chk" CHECK("consents"."granted" IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `consents_user_idx` ON `consents` (`user_id`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `erasures` (
	`id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`summary` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "erasures_reason_chk" CHECK("erasures"."reason" IN ('request','inactive'))
);
--> statement-breakpoint
CREATE TABLE `grievances` (
	`id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`reference` text NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`description` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	`acknowledged_at` text,
	`due_at` text NOT NULL,
	`reply` text,
	`replied_at` text,
	`replied_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`replied_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "grievances_status_chk" CHECK("grievances"."status" IN ('open','resolved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `grievances_seq_unique` ON `grievances` (`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `grievances_reference_unique` ON `grievances` (`reference`);--> statement-breakpoint
CREATE INDEX `grievances_status_idx` ON `grievances` (`status`,`due_at`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`financial_year` text NOT NULL,
	`serial` integer NOT NULL,
	`number` text NOT NULL,
	`order_id` text NOT NULL,
	`booking_id` text,
	`invoice_id` text,
	`refund_ref` text,
	`user_id` text,
	`buyer_name` text,
	`buyer_email` text,
	`is_tax_invoice` integer NOT NULL,
	`seller_name` text NOT NULL,
	`seller_address` text NOT NULL,
	`seller_state_code` text NOT NULL,
	`seller_gstin` text,
	`place_of_supply_code` text NOT NULL,
	`sac_code` text NOT NULL,
	`gst_rate_percent` integer NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`total_paise` integer NOT NULL,
	`taxable_paise` integer NOT NULL,
	`cgst_paise` integer NOT NULL,
	`sgst_paise` integer NOT NULL,
	`igst_paise` integer NOT NULL,
	`credit_paise` integer DEFAULT 0 NOT NULL,
	`issued_at` text NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`booking_id`) REFERENCES `event_bookings`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "invoices_kind_chk" CHECK("invoices"."kind" IN ('invoice','credit_note')),
	CONSTRAINT "invoices_split_chk" CHECK("invoices"."taxable_paise" + "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise" = "invoices"."total_paise")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_serial_unique` ON `invoices` (`kind`,`financial_year`,`serial`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_order_unique` ON `invoices` (`order_id`) WHERE kind = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_refund_unique` ON `invoices` (`refund_ref`) WHERE kind = 'credit_note';--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_user_idx` ON `invoices` (`user_id`);--> statement-breakpoint
ALTER TABLE `cities` ADD `gst_state_code` text;--> statement-breakpoint
ALTER TABLE `users` ADD `last_active_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `inactivity_notice_at` text;--> statement-breakpoint
ALTER TABLE `users` ADD `erased_at` text;--> statement-breakpoint
-- Hand-added: the seeded cities' GST states (Haryana, Uttar Pradesh, Delhi); the console sets a new city's.
UPDATE `cities` SET `gst_state_code` = CASE `slug` WHEN 'gurugram' THEN '06' WHEN 'noida' THEN '09' WHEN 'delhi-ncr' THEN '07' END WHERE `gst_state_code` IS NULL;--> statement-breakpoint
-- Hand-added: an account's last visit, until now unrecorded: its newest session, else its creation.
UPDATE `users` SET `last_active_at` = COALESCE((SELECT MAX(`created_at`) FROM `sessions` WHERE `sessions`.`user_id` = `users`.`id`), `created_at`);
