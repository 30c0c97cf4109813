CREATE TABLE `league_frames` (
	`fixture_id` text NOT NULL,
	`number` integer NOT NULL,
	`home_player1` text,
	`home_player2` text,
	`away_player1` text,
	`away_player2` text,
	`winner` text,
	`played_at` integer,
	PRIMARY KEY(`fixture_id`, `number`),
	FOREIGN KEY (`fixture_id`) REFERENCES `league_fixtures`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`home_player1`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`home_player2`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`away_player1`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`away_player2`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "league_frames_winner_known" CHECK("league_frames"."winner" is null or "league_frames"."winner" in ('home', 'away')),
	CONSTRAINT "league_frames_number_positive" CHECK("league_frames"."number" >= 1)
);
--> statement-breakpoint
ALTER TABLE `league_fixtures` ADD `home_confirmed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `league_fixtures` ADD `away_confirmed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `league_fixtures` ADD `dispute_reason` text;--> statement-breakpoint
ALTER TABLE `league_fixtures` ADD `note` text;--> statement-breakpoint
ALTER TABLE `seasons` ADD `format` text;