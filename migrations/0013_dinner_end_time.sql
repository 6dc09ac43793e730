-- A dinner's own end (issue 24): SQLite adds a NOT NULL column only with a default, so the column
-- starts as '' and every existing dinner is backfilled with its start + 3 hours (SPEC's 7-10 PM).
ALTER TABLE `events` ADD `ends_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `events` SET `ends_at` = strftime('%Y-%m-%dT%H:%M:%fZ', `starts_at`, '+3 hours');--> statement-breakpoint
-- A row written without an end (an older script's INSERT) gets the same three hours, never ''.
CREATE TRIGGER `events_ends_at_default` AFTER INSERT ON `events` FOR EACH ROW WHEN NEW.`ends_at` = ''
BEGIN
	UPDATE `events` SET `ends_at` = strftime('%Y-%m-%dT%H:%M:%fZ', NEW.`starts_at`, '+3 hours') WHERE `id` = NEW.`id`;
END;
