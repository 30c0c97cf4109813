-- Ratings that cost the same in year five as on day one (decision 027's addendum): each rated event's step per
-- player, the moments from which the steps may be stale (written by the triggers below in the same statement as the
-- change, whatever wrote it), a version for racing replays in place of the fingerprint of the whole history, and the
-- indexes a replay from a moment, a profile, a head-to-head, a player's series and any read of a tournament's matches
-- go by (the position indexes on matches are partial, so a query by tournament alone read the whole table).
CREATE TABLE `rating_steps` (
	`player_id` text NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL,
	`match_id` text,
	`rating` real NOT NULL,
	`racks` integer NOT NULL,
	`set_by` text,
	`cap_rating` real NOT NULL,
	PRIMARY KEY(`player_id`, `key`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rating_steps_key_idx` ON `rating_steps` (`key`);--> statement-breakpoint
CREATE TABLE `ratings_dirty` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `ratings_state` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `matches_completed_idx` ON `matches` (`completed_at`);--> statement-breakpoint
CREATE INDEX `matches_tournament_idx` ON `matches` (`tournament_id`);--> statement-breakpoint
CREATE INDEX `matches_player1_idx` ON `matches` (`player1_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `matches_player2_idx` ON `matches` (`player2_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `team_members_by_player_idx` ON `team_members` (`player_id`);
--> statement-breakpoint
ALTER TABLE `ratings_state` DROP COLUMN `fingerprint`;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_match_insert` AFTER INSERT ON `matches` WHEN new.status = 'completed'
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (coalesce(new.completed_at, 0));
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_match_update` AFTER UPDATE ON `matches`
WHEN (old.status = 'completed' OR new.status = 'completed') AND (
	old.status IS NOT new.status OR old.outcome IS NOT new.outcome OR old.winner_id IS NOT new.winner_id
	OR old.player1_score IS NOT new.player1_score OR old.player2_score IS NOT new.player2_score
	OR old.player1_id IS NOT new.player1_id OR old.player2_id IS NOT new.player2_id
	OR old.is_bye IS NOT new.is_bye OR old.completed_at IS NOT new.completed_at)
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (min(
		coalesce(old.completed_at, new.completed_at, 0), coalesce(new.completed_at, old.completed_at, 0)));
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_match_delete` AFTER DELETE ON `matches` WHEN old.status = 'completed'
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (coalesce(old.completed_at, 0));
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_start_insert` AFTER INSERT ON `starting_ratings`
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (new.at);
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_start_update` AFTER UPDATE ON `starting_ratings`
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (min(old.at, new.at));
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_start_delete` AFTER DELETE ON `starting_ratings`
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) VALUES (old.at);
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_tournament_start` AFTER UPDATE OF `started_at` ON `tournaments`
WHEN old.started_at IS NOT new.started_at
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) SELECT `at` FROM `starting_ratings` WHERE `tournament_id` = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_entry_insert` AFTER INSERT ON `tournament_players`
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) SELECT `at` FROM `starting_ratings`
		WHERE `tournament_id` = new.tournament_id AND `player_id` = new.player_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_entry_update` AFTER UPDATE OF `paid`, `player_id`, `tournament_id` ON `tournament_players`
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) SELECT `at` FROM `starting_ratings`
		WHERE (`tournament_id` = old.tournament_id AND `player_id` = old.player_id)
			OR (`tournament_id` = new.tournament_id AND `player_id` = new.player_id);
END;
--> statement-breakpoint
CREATE TRIGGER `ratings_dirty_entry_delete` AFTER DELETE ON `tournament_players`
BEGIN
	INSERT INTO `ratings_dirty` (`from_at`) SELECT `at` FROM `starting_ratings`
		WHERE `tournament_id` = old.tournament_id AND `player_id` = old.player_id;
END;
--> statement-breakpoint
-- The steps are built by one replay of the whole history, the first after this migration.
INSERT INTO `ratings_dirty` (`from_at`) VALUES (0);
