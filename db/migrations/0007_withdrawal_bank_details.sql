ALTER TABLE `withdrawals` ADD `account_name` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `sort_code` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `account_number` text;