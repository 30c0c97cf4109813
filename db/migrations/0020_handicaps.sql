-- Handicapped events (decision 028): whether each match's races come
-- from its players' ratings, the rating cap on entering, and each match's races
-- with the two players they were set for.
ALTER TABLE `tournaments` ADD `handicap` text DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE `tournaments` ADD `max_rating` integer;
--> statement-breakpoint
ALTER TABLE `matches` ADD `race1` integer;
--> statement-breakpoint
ALTER TABLE `matches` ADD `race2` integer;
--> statement-breakpoint
ALTER TABLE `matches` ADD `races_for` text;
