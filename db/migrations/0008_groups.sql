DROP INDEX `matches_position_uq`;--> statement-breakpoint
CREATE UNIQUE INDEX `matches_group_position_uq` ON `matches` (`tournament_id`,`group_name`,`round`,`match_number`) WHERE "matches"."group_name" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX `matches_position_uq` ON `matches` (`tournament_id`,`bracket`,`round`,`match_number`) WHERE "matches"."group_name" is null;