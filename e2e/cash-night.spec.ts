// A night at the bar (decision 022), end to end, as SCENARIO's director lives it: two
// players paid online, six walk-ins pay at the bar (two guests by name, two
// new faces by e-mail, two regulars by e-mail), one regular without a phone is
// ticked in by hand, a card player has to leave at ten and is withdrawn, a
// regular wins, and the prizes need more than the director's balance holds:
// the Finalize dialog offers a card top-up, and after it the night settles —
// the guest's prize handed over in cash. With and without JavaScript on a
// phone, and with it on a tablet (@tablet): what the run without JavaScript adds is the plain forms and their
// round trips, which no width changes (the pages are laid out by CSS alone).
import { expect, type Page, test } from "@playwright/test";
import { createOrganiser, createPlayer, newIdentity } from "./support/accounts.ts";
import { CARDS, paidPlayerViaApi } from "./support/payments.ts";
import { createTournamentViaApi, openPanel, waitForHydrated } from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

type Match = {
  id: string;
  round: number;
  player1Id: string | null;
  player2Id: string | null;
  status: string;
  matchNumber: number;
};
type Entrant = { id: string; name: string; entryId: string };

async function addWalkIn(page: Page, name: string, email = "") {
  const card = page.getByRole("region", { name: "Walk-ins" });
  await card.getByLabel("Name").fill(name);
  await card.getByLabel("Email").fill(email);
  await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
  await expect(page.getByTestId("walk-ins")).toContainText(name);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test(`six walk-ins, a manual check-in, a withdrawal at ten, a finalize that needs a top-up${
      javaScriptEnabled ? " @tablet" : ""
    }`, async ({ page, playwright, baseURL, request }) => {
      await createOrganiser(page.request);
      // £5 entry, 50p site fee, 50p rake; 70/30 to winner and runner-up.
      const t = await createTournamentViaApi(page.request, {
        maxPlayers: 8,
        payoutStructure: "winner_ru",
        entryFee: "5.00",
        siteFee: "0.50",
        rakeType: "fixed",
        rakeValue: "0.50",
      });
      const online = [
        { ...newIdentity("p"), name: "Olly Online" },
        { ...newIdentity("p"), name: "Sam Leaves" },
      ];
      for (const who of online) await paidPlayerViaApi(playwright, baseURL, t.id, who);
      const regulars = [
        { ...newIdentity("reg"), name: "Rita Regular" },
        { ...newIdentity("reg"), name: "Phil No-Phone" },
      ];
      for (const who of regulars) await createPlayer(request, who);

      await page.goto(`/tournament/${t.slug}`);
      if (javaScriptEnabled) await waitForHydrated(page, "#walk-ins form button[type=submit]");
      await addWalkIn(page, "Gus Guest");
      await addWalkIn(page, "Gail Guest");
      await addWalkIn(page, "Nina New", newIdentity("nina").email);
      await addWalkIn(page, "Ned New", newIdentity("ned").email);
      for (const who of regulars) await addWalkIn(page, "Regular", who.email);
      await expect(page.getByTestId("walk-ins").getByRole("listitem")).toHaveCount(6);
      await expect(page.getByTestId("checked-in-count")).toHaveText("0 of 8 checked in");
      await expect(page.getByRole("region", { name: "Walk-ins" })).toContainText("The tournament is full.");

      // Phil has no phone: the director opens the check-in (folded away before the night) and ticks him in.
      await openPanel(page, "Check-in");
      await page.getByRole("button", { name: "Check in Phil No-Phone" }).click();
      await expect(page.getByTestId("checked-in-count")).toHaveText("1 of 8 checked in");

      // The start keeps everyone.
      await page.getByRole("link", { name: "Start Tournament" }).click();
      const start = page.getByRole("dialog", { name: `Start ${t.name}?` });
      await start.getByRole("button", { name: "Start Tournament" }).click();
      await expect(page.getByText("The draw is made: 8 players, 7 matches.")).toBeVisible();

      // Ten o'clock: Sam has to leave.
      await page.getByRole("link", { name: "Withdraw a player" }).click();
      await page
        .getByRole("dialog", { name: "Withdraw a player" })
        .getByRole("link", { name: "Withdraw Sam Leaves" })
        .click();
      const withdraw = page.getByRole("dialog", { name: "Withdraw Sam Leaves?" });
      await withdraw.getByRole("button", { name: "Withdraw Sam Leaves" }).click();
      await expect(page.getByText(/is a walkover now/).first()).toBeVisible();

      // The night is played (the results through the API the page's tables use): a cash entrant with an account
      // wins, a guest from the other half of the draw is runner-up.
      const detail = (await (await page.request.get(`/api/tournaments/${t.slug}`)).json()) as { players: Entrant[] };
      const drawn = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
      // First-round matches 1-2 lead to one semi-final, 3-4 to the other.
      const halfOf = (id: string) => {
        const first = drawn.find((m) => m.round === 1 && (m.player1Id === id || m.player2Id === id));
        return first ? Math.ceil(first.matchNumber / 2) : null;
      };
      const named = (names: string[]) => detail.players.filter((p) => names.includes(p.name));
      const [winner, runnerUp] = named(["Rita Regular", "Phil No-Phone", "Nina New", "Ned New"])
        .flatMap((a) => named(["Gus Guest", "Gail Guest"]).map((g) => [a, g] as const))
        .find(([a, g]) => halfOf(a.id) !== halfOf(g.id)) ?? [undefined, undefined];
      if (!winner || !runnerUp) throw new Error("every draw has a cash account and a guest in opposite halves");
      const order = [winner.id, runnerUp.id];
      const rank = (id: string | null) => {
        const at = order.indexOf(id ?? "");
        return at === -1 ? order.length : at;
      };
      for (let round = 0; round < 4; round++) {
        const matches = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
        for (const m of matches.filter((x) => x.status !== "completed" && x.player1Id && x.player2Id)) {
          const winnerId = rank(m.player1Id) <= rank(m.player2Id) ? m.player1Id : m.player2Id;
          const saved = await page.request.patch(`/api/matches/${m.id}`, { data: { winnerId, status: "completed" } });
          expect(saved.status(), await saved.text()).toBe(200);
        }
      }

      // The pool is 8 × £4.50 = £36: the winner's £25.20 goes to a balance, the guest's £10.80 is handed over. The
      // escrow held 2 × £5; with the rake (£1), what it lacks (£16.20) and the cash entries' site fees (£3), the
      // director's £0 balance is £18.20 short.
      await page.goto(`/tournament/${t.slug}?tab=bracket`);
      await page.getByRole("link", { name: "Finalize & Pay Out" }).click();
      const finalize = page.getByRole("dialog", { name: "Confirm payouts" });
      const settlement = finalize.getByTestId("settlement");
      // The till: £33 taken at the bar (6 × £5 entry + £0.50 site fee), the guest's £10.80 to hand over, the rake
      // on all eight entries (£4) kept.
      await expect(settlement).toContainText("Cash taken at the bar (6 entries, entry and site fees)£33.00");
      await expect(settlement).toContainText(`${runnerUp.name} (2nd)£10.80`);
      await expect(settlement).toContainText("You keep (your rake on every entry)£4.00");
      await expect(settlement.getByRole("alert")).toHaveText("Add £18.20 to your balance to pay the prizes");
      await expect(finalize.getByRole("button", { name: "Confirm Payouts" })).toHaveCount(0);

      // The top-up: the same card form as an entry's checkout, and back to the dialog.
      await finalize.getByRole("link", { name: "Top up £18.20 by card" }).click();
      await expect(page.getByRole("heading", { name: "Top up your balance" })).toBeVisible();
      await expect(page.getByLabel("Amount (£)")).toHaveValue("18.20");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      if (javaScriptEnabled) await waitForHydrated(page, 'form[action^="/api/dev/payments/"] button[type="submit"]');
      await page.getByLabel("Card number").fill(CARDS.declined);
      await page.getByRole("button", { name: "Pay £18.20 & top up" }).click();
      await expect(page.getByTestId("card-error")).toContainText("Your card was declined.");
      await page.getByLabel("Card number").fill(CARDS.success);
      await page.getByRole("button", { name: "Pay £18.20 & top up" }).click();
      await expect(page.getByText("£18.20 added to your balance").first()).toBeVisible();

      const again = page.getByRole("dialog", { name: "Confirm payouts" });
      await expect(again.getByTestId("settlement")).toContainText("Paid in from your balance");
      await expect(again.getByTestId("settlement")).toContainText("£18.20");
      await again.getByRole("button", { name: "Confirm Payouts" }).click();
      const till =
        `You took £33.00 at the bar; hand ${runnerUp.name} £10.80; you keep £4.00 rake; ` +
        "£18.20 is paid in from your balance.";
      await expect(page.getByText(till).first()).toBeVisible();
      await expect(page.getByText("paid in cash at the venue").first()).toBeVisible();
      const me = (await (await page.request.get("/api/auth/me")).json()) as { balance: string };
      expect(me.balance).toBe("0.00");
    });
  });
}
