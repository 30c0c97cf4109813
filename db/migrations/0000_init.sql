CREATE TABLE `matches` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`table_id` text,
	`table_assigned_at` integer,
	`round` integer NOT NULL,
	`match_number` integer NOT NULL,
	`player1_id` text,
	`player2_id` text,
	`player1_score` integer DEFAULT 0 NOT NULL,
	`player2_score` integer DEFAULT 0 NOT NULL,
	`winner_id` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`is_bye` integer DEFAULT false NOT NULL,
	`next_match_id` text,
	`next_slot` integer,
	`completed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`table_id`) REFERENCES `tables`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`player1_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`player2_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`winner_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`next_match_id`) REFERENCES `matches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `matches_position_uq` ON `matches` (`tournament_id`,`round`,`match_number`);--> statement-breakpoint
CREATE INDEX `matches_table_idx` ON `matches` (`table_id`,`table_assigned_at`);--> statement-breakpoint
CREATE TABLE `organisers` (
	`id` text PRIMARY KEY NOT NULL,
	`organisation_name` text NOT NULL,
	`venue` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`balance_pence` integer DEFAULT 0 NOT NULL,
	`password_reset_token` text,
	`password_reset_expires` integer,
	`session_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "organisers_balance_non_negative" CHECK("organisers"."balance_pence" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `organisers_email_unique` ON `organisers` (`email`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_created_idx` ON `outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`registration_id` text,
	`tournament_id` text NOT NULL,
	`player_id` text NOT NULL,
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
CREATE INDEX `payments_registration_idx` ON `payments` (`registration_id`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`player_id` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`position` text NOT NULL,
	`confirmed` integer DEFAULT false NOT NULL,
	`confirmed_at` integer,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_tournament_player_uq` ON `payouts` (`tournament_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `payouts_player_idx` ON `payouts` (`player_id`);--> statement-breakpoint
CREATE TABLE `player_stats` (
	`id` text PRIMARY KEY NOT NULL,
	`player_id` text NOT NULL,
	`tournaments_played` integer DEFAULT 0 NOT NULL,
	`tournaments_won` integer DEFAULT 0 NOT NULL,
	`matches_played` integer DEFAULT 0 NOT NULL,
	`matches_won` integer DEFAULT 0 NOT NULL,
	`total_earnings_pence` integer DEFAULT 0 NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_stats_player_id_unique` ON `player_stats` (`player_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`balance_pence` integer DEFAULT 0 NOT NULL,
	`password_reset_token` text,
	`password_reset_expires` integer,
	`session_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	CONSTRAINT "players_balance_non_negative" CHECK("players"."balance_pence" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_email_unique` ON `players` (`email`);--> statement-breakpoint
CREATE TABLE `processed_webhooks` (
	`event_id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_ends_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tables` (
	`id` text PRIMARY KEY NOT NULL,
	`organiser_id` text NOT NULL,
	`name` text NOT NULL,
	`access_code` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organiser_id`) REFERENCES `organisers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tables_access_code_unique` ON `tables` (`access_code`);--> statement-breakpoint
CREATE INDEX `tables_organiser_idx` ON `tables` (`organiser_id`);--> statement-breakpoint
CREATE TABLE `tournament_players` (
	`id` text PRIMARY KEY NOT NULL,
	`tournament_id` text NOT NULL,
	`player_id` text NOT NULL,
	`paid` integer DEFAULT false NOT NULL,
	`hold_expires_at` integer,
	`payment_intent_id` text,
	`paid_at` integer,
	`joined_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournament_players_entry_uq` ON `tournament_players` (`tournament_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `tournament_players_player_idx` ON `tournament_players` (`player_id`);--> statement-breakpoint
CREATE INDEX `tournament_players_intent_idx` ON `tournament_players` (`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` text PRIMARY KEY NOT NULL,
	`organiser_id` text NOT NULL,
	`name` text NOT NULL,
	`venue` text NOT NULL,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`registration_deadline` integer,
	`rules` text,
	`format` text,
	`max_players` integer DEFAULT 16 NOT NULL,
	`tournament_type` text DEFAULT 'single_elimination' NOT NULL,
	`match_type` text DEFAULT '1v1' NOT NULL,
	`race_to` integer,
	`entry_fee_pence` integer NOT NULL,
	`site_fee_pence` integer DEFAULT 100 NOT NULL,
	`rake_type` text DEFAULT 'fixed' NOT NULL,
	`rake_value` integer DEFAULT 0 NOT NULL,
	`payout_structure` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`slug` text NOT NULL,
	`started_at` integer,
	`finished_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`organiser_id`) REFERENCES `organisers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tournaments_max_players_range" CHECK("tournaments"."max_players" between 2 and 512),
	CONSTRAINT "tournaments_fees_non_negative" CHECK("tournaments"."entry_fee_pence" >= 0 and "tournaments"."site_fee_pence" >= 0 and "tournaments"."rake_value" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tournaments_slug_unique` ON `tournaments` (`slug`);--> statement-breakpoint
CREATE INDEX `tournaments_organiser_idx` ON `tournaments` (`organiser_id`,`status`);--> statement-breakpoint
CREATE INDEX `tournaments_status_idx` ON `tournaments` (`status`,`date`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_type` text NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`description` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`tournament_id` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_idempotency_key_unique` ON `transactions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `transactions_user_idx` ON `transactions` (`user_type`,`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `withdrawals` (
	`id` text PRIMARY KEY NOT NULL,
	`user_type` text NOT NULL,
	`user_id` text NOT NULL,
	`amount_pence` integer NOT NULL,
	`fee_pence` integer NOT NULL,
	`net_pence` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`paid_at` integer
);
--> statement-breakpoint
CREATE INDEX `withdrawals_user_idx` ON `withdrawals` (`user_type`,`user_id`);