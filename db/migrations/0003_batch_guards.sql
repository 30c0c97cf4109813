-- An assertion for batches: `insert into batch_guards (ok) select 0 where not (…)`
-- inserts nothing while the condition holds and otherwise violates the CHECK,
-- which rolls the whole batch back. Lets a batch re-check, at write time,
-- what it read before (entries at the draw, the final's winner at finalize).
CREATE TABLE `batch_guards` (
  `ok` integer NOT NULL,
  CONSTRAINT `batch_guard` CHECK (`ok` = 1)
);
