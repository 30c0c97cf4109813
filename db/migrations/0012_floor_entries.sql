-- Check-in, the reserve list and leaving (decision 014): when an entry checked in at the
-- venue, and the reserve list of a full tournament. A reserve offered a place
-- holds it as an ordinary hold (tournament_players) with the same expiry.
ALTER TABLE `tournament_players` ADD `checked_in_at` integer;--> statement-breakpoint
CREATE TABLE `reserves` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`offer_batch` text,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reserves_entry_uq` ON `reserves` (`tournament_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `reserves_queue_idx` ON `reserves` (`tournament_id`,`offered_at`,`joined_at`);
