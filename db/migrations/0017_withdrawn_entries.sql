-- An entry withdrawn during play (decision 021): "Sam had to leave", or a
-- no-show given a walkover by the floor. Its unplayed matches become walkovers
-- to the opponent as the bracket reaches them; nothing is refunded.
ALTER TABLE `tournament_players` ADD `withdrawn_at` integer;
