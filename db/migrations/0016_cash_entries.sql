-- The real night at the bar (DESIGN §10). An entry may be paid in cash to the
-- director: `paid_by` says how an entry was paid ('cash' at the bar, 'card',
-- 'balance', 'free'; null for entries paid before this migration, by card or
-- from a balance). A guest is a player row without an account (name only,
-- no balance: its prizes are handed over in cash); a guest's prize row says
-- so. A payment may top up a balance instead of paying an entry: the
-- `payments` table is rebuilt so an intent need not name a tournament or a
-- player (a director tops up), with the account it credits.
ALTER TABLE `tournament_players` ADD `paid_by` text;--> statement-breakpoint
ALTER TABLE `players` ADD `guest` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payouts` ADD `paid_in_cash` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`registration_id` text,
	`tournament_id` text,
	`player_id` text,
	`top_up_user_type` text,
	`top_up_user_id` text,
	`amount_pence` integer NOT NULL,
	`currency` text DEFAULT 'gbp' NOT NULL,
	`client_secret` text NOT NULL,
	`status` text DEFAULT 'requires_payment_method' NOT NULL,
	`outcome` text,
	`failure_message` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`registration_id`) REFERENCES `tournament_players`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_payments` (`id`, `provider`, `registration_id`, `tournament_id`, `player_id`, `amount_pence`,
	`currency`, `client_secret`, `status`, `outcome`, `failure_message`, `created_at`, `updated_at`)
SELECT `id`, `provider`, `registration_id`, `tournament_id`, `player_id`, `amount_pence`, `currency`,
	`client_secret`, `status`, `outcome`, `failure_message`, `created_at`, `updated_at`
FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE INDEX `payments_registration_idx` ON `payments` (`registration_id`);--> statement-breakpoint
CREATE INDEX `payments_top_up_idx` ON `payments` (`top_up_user_type`, `top_up_user_id`);
