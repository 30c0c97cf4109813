CREATE TABLE `league_fixtures` (
	`id` text PRIMARY KEY NOT NULL,
	`season_id` text NOT NULL,
	`division_id` text NOT NULL,
	`week` integer NOT NULL,
	`date` text,
	`home_team_id` text NOT NULL,
	`away_team_id` text NOT NULL,
	`venue` text NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`home_score` integer,
	`away_score` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`division_id`) REFERENCES `divisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`home_team_id`) REFERENCES `league_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`away_team_id`) REFERENCES `league_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "league_fixtures_status_known" CHECK("league_fixtures"."status" in ('scheduled', 'postponed', 'in_progress', 'disputed', 'played', 'awarded')),
	CONSTRAINT "league_fixtures_two_teams" CHECK("league_fixtures"."home_team_id" != "league_fixtures"."away_team_id"),
	CONSTRAINT "league_fixtures_week_positive" CHECK("league_fixtures"."week" >= 1)
);
--> statement-breakpoint
CREATE INDEX `league_fixtures_season_idx` ON `league_fixtures` (`season_id`,`week`);--> statement-breakpoint
CREATE INDEX `league_fixtures_home_idx` ON `league_fixtures` (`home_team_id`,`date`);--> statement-breakpoint
CREATE INDEX `league_fixtures_away_idx` ON `league_fixtures` (`away_team_id`,`date`);--> statement-breakpoint
CREATE TABLE `league_roster` (
	`team_id` text NOT NULL,
	`season_id` text NOT NULL,
	`player_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`team_id`, `player_id`),
	FOREIGN KEY (`team_id`) REFERENCES `league_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `league_roster_season_player_uq` ON `league_roster` (`season_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `league_roster_player_idx` ON `league_roster` (`player_id`);--> statement-breakpoint
CREATE TABLE `league_teams` (
	`id` text PRIMARY KEY NOT NULL,
	`season_id` text NOT NULL,
	`division_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`venue` text NOT NULL,
	`captain_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`division_id`) REFERENCES `divisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`captain_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `league_teams_season_name_uq` ON `league_teams` (`season_id`,`name_key`);--> statement-breakpoint
CREATE INDEX `league_teams_division_idx` ON `league_teams` (`division_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `league_teams_captain_idx` ON `league_teams` (`captain_id`);