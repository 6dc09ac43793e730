CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`before` text,
	`after` text,
	`at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target`,`at`);--> statement-breakpoint
-- Hand-edited (docs/decisions/013): drizzle-kit rebuilds `users` to add a table CHECK, and dropping
-- `users` on D1 (foreign keys always on) would cascade into sessions, profiles and quiz answers.
-- SQLite takes the same CHECK on the added column, with no rebuild. The snapshot keeps the
-- table-level `users_role_chk`, which is what the schema declares.
ALTER TABLE `users` ADD `role` text DEFAULT 'guest' NOT NULL CONSTRAINT "users_role_chk" CHECK(`role` IN ('guest','host','operator'));
