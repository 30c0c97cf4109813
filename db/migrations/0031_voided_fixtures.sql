-- A fixture the secretary voids (a team withdrawn, a match that will not be played): `voided` joins the statuses the
-- CHECK allows, which SQLite changes only by making the table again. The ratings' triggers (0028) name the table, so
-- they are dropped before it goes and made again, as they were, once it is back.
DROP TRIGGER IF EXISTS `ratings_dirty_fixture_status`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `ratings_dirty_frame_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `ratings_dirty_frame_insert`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `ratings_dirty_frame_delete`;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_league_fixtures` (
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
	`home_confirmed` integer DEFAULT false NOT NULL,
	`away_confirmed` integer DEFAULT false NOT NULL,
	`dispute_reason` text,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`division_id`) REFERENCES `divisions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`home_team_id`) REFERENCES `league_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`away_team_id`) REFERENCES `league_teams`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "league_fixtures_status_known" CHECK("__new_league_fixtures"."status" in ('scheduled', 'postponed', 'in_progress', 'disputed', 'played', 'awarded', 'voided')),
	CONSTRAINT "league_fixtures_two_teams" CHECK("__new_league_fixtures"."home_team_id" != "__new_league_fixtures"."away_team_id"),
	CONSTRAINT "league_fixtures_week_positive" CHECK("__new_league_fixtures"."week" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_league_fixtures`("id", "season_id", "division_id", "week", "date", "home_team_id", "away_team_id", "venue", "status", "home_score", "away_score", "home_confirmed", "away_confirmed", "dispute_reason", "note", "created_at") SELECT "id", "season_id", "division_id", "week", "date", "home_team_id", "away_team_id", "venue", "status", "home_score", "away_score", "home_confirmed", "away_confirmed", "dispute_reason", "note", "created_at" FROM `league_fixtures`;--> statement-breakpoint
DROP TABLE `league_fixtures`;--> statement-breakpoint
ALTER TABLE `__new_league_fixtures` RENAME TO `league_fixtures`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `league_fixtures_season_idx` ON `league_fixtures` (`season_id`,`week`);--> statement-breakpoint
CREATE INDEX `league_fixtures_home_idx` ON `league_fixtures` (`home_team_id`,`date`);--> statement-breakpoint
CREATE INDEX `league_fixtures_away_idx` ON `league_fixtures` (`away_team_id`,`date`);--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_fixture_status` AFTER UPDATE OF `status` ON `league_fixtures`
WHEN (old.status = 'played') IS NOT (new.status = 'played')
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`)
	SELECT min(`played_at`) FROM `league_frames` WHERE `fixture_id` = new.id AND `played_at` IS NOT NULL
	HAVING count(*) > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_frame_update` AFTER UPDATE ON `league_frames`
WHEN (SELECT `status` FROM `league_fixtures` WHERE `id` = new.fixture_id) = 'played' AND (
	old.winner IS NOT new.winner OR old.played_at IS NOT new.played_at
	OR old.home_player1 IS NOT new.home_player1 OR old.home_player2 IS NOT new.home_player2
	OR old.away_player1 IS NOT new.away_player1 OR old.away_player2 IS NOT new.away_player2)
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (min(
		coalesce(old.played_at, new.played_at, 0), coalesce(new.played_at, old.played_at, 0)));
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_frame_insert` AFTER INSERT ON `league_frames`
WHEN new.played_at IS NOT NULL AND (SELECT `status` FROM `league_fixtures` WHERE `id` = new.fixture_id) = 'played'
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (new.played_at);
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_frame_delete` AFTER DELETE ON `league_frames`
WHEN old.played_at IS NOT NULL AND (SELECT `status` FROM `league_fixtures` WHERE `id` = old.fixture_id) = 'played'
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (old.played_at);
END;
