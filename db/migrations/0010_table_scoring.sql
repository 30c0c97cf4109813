CREATE TABLE `table_taps` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tap_id` text NOT NULL,
	`match_id` text NOT NULL,
	`kind` text NOT NULL,
	`player` integer,
	`nonce` text NOT NULL,
	`undone_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `table_taps_tap_id_unique` ON `table_taps` (`tap_id`);--> statement-breakpoint
CREATE INDEX `table_taps_match_idx` ON `table_taps` (`match_id`,`kind`);--> statement-breakpoint
ALTER TABLE `matches` ADD `lag_winner` integer;--> statement-breakpoint
ALTER TABLE `matches` ADD `awaiting_approval` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `player_stats` ADD `racks_won` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `player_stats` ADD `racks_lost` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `results_from_tables` text DEFAULT 'record' NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `break_rule` text DEFAULT 'winner' NOT NULL;