CREATE TABLE `payment_issues` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`razorpay_order_id` text NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`refunded_at` text,
	`resolved_at` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	CONSTRAINT "payment_issues_kind_chk" CHECK("payment_issues"."kind" IN ('amount_mismatch', 'dead_lettered'))
);
--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `capture_pending_at` text;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `keeps_seat` integer DEFAULT false NOT NULL;