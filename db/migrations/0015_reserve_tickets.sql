-- The reserve list's order is the order the joins were written in: a ticket
-- drawn in the joining statement (one more than the tournament's highest).
-- joined_at is the request's clock, taken when it started: reserves joining
-- at once were told places the list did not give them. SQLite adds no NOT
-- NULL column without a default, so the table is rebuilt; the reserves
-- already waiting keep their order (joined_at, then id) as tickets 1, 2, 3…
CREATE TABLE `__new_reserves` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`player_id` text NOT NULL,
	`joined_at` integer NOT NULL,
	`ticket` integer NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`offer_batch` text,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_reserves` (`id`, `tournament_id`, `player_id`, `joined_at`, `ticket`, `offered_at`,
	`offer_expires_at`, `offer_batch`)
SELECT `id`, `tournament_id`, `player_id`, `joined_at`,
	row_number() OVER (PARTITION BY `tournament_id` ORDER BY `joined_at`, `id`),
	`offered_at`, `offer_expires_at`, `offer_batch`
FROM `reserves`;--> statement-breakpoint
DROP TABLE `reserves`;--> statement-breakpoint
ALTER TABLE `__new_reserves` RENAME TO `reserves`;--> statement-breakpoint
CREATE UNIQUE INDEX `reserves_entry_uq` ON `reserves` (`tournament_id`,`player_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `reserves_ticket_uq` ON `reserves` (`tournament_id`,`ticket`);
