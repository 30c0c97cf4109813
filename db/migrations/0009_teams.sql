CREATE TABLE `team_members` (
	`team_id` text NOT NULL,
	`tournament_id` text NOT NULL,
	`player_id` text NOT NULL,
	`slot` integer NOT NULL,
	PRIMARY KEY(`team_id`, `player_id`),
	FOREIGN KEY (`team_id`) REFERENCES `teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `team_members_slot_uq` ON `team_members` (`team_id`,`slot`);--> statement-breakpoint
CREATE INDEX `team_members_player_idx` ON `team_members` (`tournament_id`,`player_id`);--> statement-breakpoint
CREATE TABLE `teams` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`name` text NOT NULL,
	`captain_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `tournament_players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`captain_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `teams_tournament_idx` ON `teams` (`tournament_id`);--> statement-breakpoint
-- Match slots hold a player's id or, in a team event, a team's: the rebuild
-- drops their foreign keys to players. drizzle's migrator sends migrations
-- through @libsql/client's migrate(), which turns foreign_keys off around its
-- transaction (a PRAGMA inside it would do nothing). With them on, the copy
-- below would fail on links to later rows and DROP TABLE would null the new
-- table's bracket links, so the migration refuses to run that way.
INSERT INTO `batch_guards` (`ok`) SELECT 0 WHERE (SELECT `foreign_keys` FROM pragma_foreign_keys) = 1;--> statement-breakpoint
CREATE TABLE `__new_matches` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`table_id` text,
	`table_assigned_at` integer,
	`bracket` text DEFAULT 'winners' NOT NULL,
	`group_name` text,
	`label` text DEFAULT '' NOT NULL,
	`round` integer NOT NULL,
	`match_number` integer NOT NULL,
	`player1_id` text,
	`player2_id` text,
	`player1_score` integer DEFAULT 0 NOT NULL,
	`player2_score` integer DEFAULT 0 NOT NULL,
	`winner_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`outcome` text DEFAULT 'played' NOT NULL,
	`is_bye` integer DEFAULT false NOT NULL,
	`next_match_id` text,
	`next_slot` integer,
	`loser_match_id` text,
	`loser_slot` integer,
	`completed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`next_match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`loser_match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_matches`("id", "tournament_id", "table_id", "table_assigned_at", "bracket", "group_name", "label", "round", "match_number", "player1_id", "player2_id", "player1_score", "player2_score", "winner_id", "status", "outcome", "is_bye", "next_match_id", "next_slot", "loser_match_id", "loser_slot", "completed_at", "created_at") SELECT "id", "tournament_id", "table_id", "table_assigned_at", "bracket", "group_name", "label", "round", "match_number", "player1_id", "player2_id", "player1_score", "player2_score", "winner_id", "status", "outcome", "is_bye", "next_match_id", "next_slot", "loser_match_id", "loser_slot", "completed_at", "created_at" FROM `matches`;--> statement-breakpoint
DROP TABLE `matches`;--> statement-breakpoint
ALTER TABLE `__new_matches` RENAME TO `matches`;--> statement-breakpoint
-- Every link still points at a row (checked before the transaction commits).
INSERT INTO `batch_guards` (`ok`) SELECT 0 WHERE EXISTS (SELECT 1 FROM pragma_foreign_key_check('matches'));--> statement-breakpoint
CREATE UNIQUE INDEX `matches_position_uq` ON `matches` (`tournament_id`,`bracket`,`round`,`match_number`) WHERE "matches"."group_name" is null;--> statement-breakpoint
CREATE UNIQUE INDEX `matches_group_position_uq` ON `matches` (`tournament_id`,`group_name`,`round`,`match_number`) WHERE "matches"."group_name" is not null;--> statement-breakpoint
CREATE INDEX `matches_table_idx` ON `matches` (`table_id`,`table_assigned_at`);