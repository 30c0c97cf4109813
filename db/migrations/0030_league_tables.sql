-- Leagues' tables (DESIGN §11): a season's points (a match won, drawn, lost; a frame won) and the averages' qualifying
-- frames; points a secretary deducts from a team, with its reason; and a division's champion, set when its season is
-- finished (the league's roll of honour).
CREATE TABLE `league_penalties` (
	`id` text PRIMARY KEY NOT NULL,
	`season_id` text NOT NULL,
	`team_id` text NOT NULL,
	`points` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`team_id`) REFERENCES `league_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "league_penalties_points_positive" CHECK("league_penalties"."points" >= 1)
);
--> statement-breakpoint
CREATE INDEX `league_penalties_season_idx` ON `league_penalties` (`season_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `league_penalties_team_idx` ON `league_penalties` (`team_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `divisions` ADD `champion_id` text;--> statement-breakpoint
ALTER TABLE `seasons` ADD `points_win` integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE `seasons` ADD `points_draw` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `seasons` ADD `points_loss` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `seasons` ADD `points_frame` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `seasons` ADD `merit_min_frames` integer DEFAULT 0 NOT NULL;