-- Ratings (decision 027): every player's rating as the replay of the
-- results left it; the directors' starting ratings; the fingerprint of what the
-- stored ratings were replayed from. The results stay the truth.
CREATE TABLE `player_ratings` (
	`player_id` text PRIMARY KEY NOT NULL REFERENCES players(id) ON DELETE cascade,
	`rating` real NOT NULL,
	`racks` integer NOT NULL,
	`set_by` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `starting_ratings` (
	`player_id` text NOT NULL REFERENCES players(id) ON DELETE cascade,
	`tournament_id` text NOT NULL REFERENCES tournaments(id) ON DELETE cascade,
	`organiser_id` text NOT NULL,
	`rating` integer NOT NULL,
	`at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `tournament_id`)
);
--> statement-breakpoint
CREATE TABLE `ratings_state` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`fingerprint` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `ratings_state` (`id`, `fingerprint`) VALUES (1, '');
