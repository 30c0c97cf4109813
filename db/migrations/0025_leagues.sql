CREATE TABLE `divisions` (
	`id` text PRIMARY KEY NOT NULL,
	`season_id` text NOT NULL,
	`name` text NOT NULL,
	`name_key` text NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`season_id`) REFERENCES `seasons`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "divisions_position_positive" CHECK("divisions"."position" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `divisions_season_position_uq` ON `divisions` (`season_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `divisions_season_name_uq` ON `divisions` (`season_id`,`name_key`);--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`organiser_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organiser_id`) REFERENCES `organisers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_slug_unique` ON `leagues` (`slug`);--> statement-breakpoint
CREATE INDEX `leagues_organiser_idx` ON `leagues` (`organiser_id`);--> statement-breakpoint
CREATE TABLE `seasons` (
	`id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`league_id` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`night` text NOT NULL,
	`start_date` text NOT NULL,
	`legs` integer DEFAULT 2 NOT NULL,
	`blackout_dates` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "seasons_status_known" CHECK("seasons"."status" in ('draft', 'active', 'finished')),
	CONSTRAINT "seasons_night_known" CHECK("seasons"."night" in ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')),
	CONSTRAINT "seasons_legs_range" CHECK("seasons"."legs" in (1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seasons_slug_unique` ON `seasons` (`slug`);--> statement-breakpoint
CREATE INDEX `seasons_league_idx` ON `seasons` (`league_id`,`start_date`);