-- Series (decision 029): a director's season of nights, its points
-- table by finishing place (JSON), how many of a player's best nights count and
-- how many qualify; a tournament belongs to at most one series.
CREATE TABLE `series` (
	`id` text PRIMARY KEY NOT NULL,
	`organiser_id` text NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`points` text NOT NULL,
	`best_of` integer,
	`qualify` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organiser_id`) REFERENCES `organisers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `series_slug_unique` ON `series` (`slug`);
--> statement-breakpoint
CREATE INDEX `series_organiser_idx` ON `series` (`organiser_id`);
--> statement-breakpoint
ALTER TABLE `tournaments` ADD `series_id` text REFERENCES series(id) ON DELETE set null;
--> statement-breakpoint
CREATE INDEX `tournaments_series_idx` ON `tournaments` (`series_id`);
