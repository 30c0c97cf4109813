// A balance's use cases, in-process: a withdrawal and a card top-up. Both are quiet (no page of anyone else's shows a
// balance), and both hold the ledger true: a withdrawal cannot overdraw, a top-up is credited once whether the
// webhook or the return from the checkout comes first. The JSON and the pages over them are the HTTP suites'.
import { expect, test } from "vitest";
import { perform } from "~/web/use-case.server.ts";
import { topUpQuery } from "./top-ups.server.ts";
import { answered, useServiceDb } from "../../../../test-support/services.ts";
import { startTopUp, verifyTopUp, withdraw } from "./use-cases.server.ts";

const s = useServiceDb();

test("a withdrawal takes the money out once, and one past the balance is refused with nothing written", async () => {
  const player = await s.player();
  await s.credit("player", player.id, 5000);
  const account = { accountName: "Pat Player", sortCode: "112233", accountNumber: "12345678" };
  const input = { userType: "player" as const, userId: player.id, amountPence: 2000, account };
  const done = await withdraw(s.sender, input);
  expect(done.changes).toEqual([]);
  expect(done.answer).toMatchObject({ amountPence: 2000 });
  expect(await s.balance("player", player.id)).toBe(3000);

  const tooMuch = await answered(perform(s.app, s.sender, withdraw, { ...input, amountPence: 4000 }));
  expect(tooMuch.status).toBe(409);
  expect(await s.balance("player", player.id)).toBe(3000);
  expect(await s.count("withdrawals", "user_id = ?", [player.id])).toBe(1);
  await s.expectLedgerTrue();
});

test("a card top-up: the webhook credits it, and the return from the checkout finds it done, once", async () => {
  const director = await s.organiser();
  const account = { userType: "organiser" as const, userId: director.id };
  const started = await perform(s.app, s.sender, startTopUp, { ...account, provider: s.payments, amountPence: 1500 });
  expect(await s.balance("organiser", director.id)).toBe(0);

  expect((await s.payByCard(started.paymentIntentId))?.status).toBe("succeeded");
  expect(await s.balance("organiser", director.id)).toBe(1500);

  const record = await s.sender.send(topUpQuery(started.paymentIntentId));
  const verified = await verifyTopUp(s.sender, { ...account, provider: s.payments, record });
  expect(verified.changes).toEqual([]);
  expect(verified.answer).toMatchObject({ success: true });
  expect(await s.balance("organiser", director.id)).toBe(1500);

  // Another account's top-up is not found for this one.
  const other = await s.organiser();
  const theirs = await answered(
    perform(s.app, s.sender, verifyTopUp, { userType: "organiser", userId: other.id, provider: s.payments, record }),
  );
  expect(theirs.status).toBe(404);
  await s.expectLedgerTrue();
});
