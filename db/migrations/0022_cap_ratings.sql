-- Starting ratings belong to real entries (decision 031): the rating a cap reads,
-- replayed from the starting ratings that stand (their tournament started with the
-- player in it); null until the next replay writes it, and the cap reads the
-- rating meanwhile. A start whose entry went before this release goes now.
ALTER TABLE `player_ratings` ADD `cap_rating` real;
--> statement-breakpoint
DELETE FROM `starting_ratings` WHERE NOT EXISTS (
	SELECT 1 FROM `tournament_players` tp
	WHERE tp.tournament_id = `starting_ratings`.`tournament_id`
		AND tp.player_id = `starting_ratings`.`player_id` AND tp.paid = 1
);
