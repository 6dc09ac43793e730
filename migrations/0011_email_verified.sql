ALTER TABLE `user_profiles` ADD `email_verified_at` text;--> statement-breakpoint
-- Added by hand (docs/decisions/026-verified-email.md): every email a profile holds today is taken
-- as verified, so guests who already receive our booking mail keep receiving it. Only emails saved
-- from now on must be confirmed by the link before guest mail goes to them.
UPDATE `user_profiles` SET `email_verified_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE `email` IS NOT NULL;
