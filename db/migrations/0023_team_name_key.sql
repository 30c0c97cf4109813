-- Team names are compared by a key (decision 011): composed (NFC) and in lower case in every script, worked out in
-- the Worker, since SQLite's lower() folds ASCII only. A team entered before keeps its name's ASCII folding as its key.
ALTER TABLE `teams` ADD `name_key` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `teams` SET `name_key` = lower(`name`);
