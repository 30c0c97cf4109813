-- "Send a tablet to another table" (decision 024): the tablets at a
-- table follow the director to the table named here at their next read, which
-- clears it. A deleted target leaves nothing to follow.
ALTER TABLE `tables` ADD `sent_to` text REFERENCES tables(id) ON DELETE set null;
