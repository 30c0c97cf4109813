-- A league fixture's singles frames are racks for the ratings once the fixture is played (decision 027, DESIGN §11):
-- the moments the ratings may be stale from, marked by triggers in the same statement as the change, as a
-- tournament's results are (0024). A fixture's status moving into or out of `played` marks its earliest frame; a
-- played fixture's frame changed (a resolve), added or taken away marks its moment, before and after.
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
