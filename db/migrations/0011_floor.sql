-- The floor (decision 013): automatic table assignment, pins, rotation and the no-show clock.
ALTER TABLE `matches` ADD `pinned_table_id` text REFERENCES tables(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `organisers` ADD `auto_assign_default` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tables` ADD `in_rotation` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `auto_assign` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `no_show_minutes` integer DEFAULT 10 NOT NULL;
