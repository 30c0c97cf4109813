-- The session's assertion in a write batch (services/access.server.ts):
-- `insert into session_guards (ok) select 0 where not (<session is current>)`
-- rolls the whole batch back with its own constraint's name, so the answer is
-- "sign in again" and not the batch's other guards' answer.
CREATE TABLE `session_guards` (
  `ok` integer NOT NULL,
  CONSTRAINT `session_over` CHECK (`ok` = 1)
);
