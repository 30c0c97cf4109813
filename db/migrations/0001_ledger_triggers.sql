-- The ledger keeps itself true: every transaction row moves its account's
-- balance in the same statement, so a balance can only change together with
-- its transaction, and the balance CHECK (>= 0) makes an overdraft fail whole.
CREATE TRIGGER `transactions_move_player_balance` AFTER INSERT ON `transactions`
WHEN NEW.`user_type` = 'player'
BEGIN
  UPDATE `players` SET `balance_pence` = `balance_pence` + NEW.`amount_pence` WHERE `id` = NEW.`user_id`;
  SELECT RAISE(ABORT, 'LEDGER_UNKNOWN_ACCOUNT') WHERE changes() = 0;
END;
--> statement-breakpoint
CREATE TRIGGER `transactions_move_organiser_balance` AFTER INSERT ON `transactions`
WHEN NEW.`user_type` = 'organiser'
BEGIN
  UPDATE `organisers` SET `balance_pence` = `balance_pence` + NEW.`amount_pence` WHERE `id` = NEW.`user_id`;
  SELECT RAISE(ABORT, 'LEDGER_UNKNOWN_ACCOUNT') WHERE changes() = 0;
END;
--> statement-breakpoint
-- Ledger rows are history: their amounts and owners are never edited, and
-- rows are never deleted (the tournament link may still be cleared).
CREATE TRIGGER `transactions_are_append_only_update` BEFORE UPDATE OF `amount_pence`, `user_id`, `user_type`, `type` ON `transactions`
BEGIN
  SELECT RAISE(ABORT, 'LEDGER_APPEND_ONLY');
END;
--> statement-breakpoint
CREATE TRIGGER `transactions_are_append_only_delete` BEFORE DELETE ON `transactions`
BEGIN
  SELECT RAISE(ABORT, 'LEDGER_APPEND_ONLY');
END;
