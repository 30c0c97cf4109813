-- The ledger's assertion in a write batch (finalize): `insert into
-- ledger_guards (ok) select 0 where not (<what is paid adds up>)` rolls the
-- whole batch back under its own constraint's name, so the answer says the
-- money did not add up rather than the batch's other guards' answer.
CREATE TABLE `ledger_guards` (
  `ok` integer NOT NULL,
  CONSTRAINT `ledger_sum` CHECK (`ok` = 1)
);
