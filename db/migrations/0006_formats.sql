DROP INDEX `matches_position_uq`;--> statement-breakpoint
ALTER TABLE `matches` ADD `bracket` text DEFAULT 'winners' NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `group_name` text;--> statement-breakpoint
ALTER TABLE `matches` ADD `label` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `outcome` text DEFAULT 'played' NOT NULL;--> statement-breakpoint
ALTER TABLE `matches` ADD `loser_match_id` text REFERENCES matches(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `matches` ADD `loser_slot` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `matches_position_uq` ON `matches` (`tournament_id`,`bracket`,`round`,`match_number`);--> statement-breakpoint
ALTER TABLE `tournament_players` ADD `seed` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `grand_final` text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `group_size` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `advance_per_group` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `seeding` text DEFAULT 'random' NOT NULL;--> statement-breakpoint
-- Existing single-elimination matches get the names the bracket shows.
UPDATE `matches` SET `label` = (
  SELECT CASE (SELECT max(m2.`round`) FROM `matches` m2 WHERE m2.`tournament_id` = `matches`.`tournament_id`) - `matches`.`round`
    WHEN 0 THEN 'Final' WHEN 1 THEN 'Semi-Finals' WHEN 2 THEN 'Quarter-Finals'
    ELSE 'Round ' || `matches`.`round` END
);
