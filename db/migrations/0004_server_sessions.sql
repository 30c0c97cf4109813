-- Server-side sessions (decision 008): the signed cookie names a row here, so a
-- logout or a password reset ends the session wherever the cookie was copied.
-- They replace the per-account session_version.
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_type` text NOT NULL,
	`user_id` text NOT NULL,
	`device` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_type`,`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expiry_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
ALTER TABLE `organisers` DROP COLUMN `session_version`;--> statement-breakpoint
ALTER TABLE `players` DROP COLUMN `session_version`;
