// The night smoothed, end to end, with and without JavaScript: SCENARIO's Thursday as the director lives it. Four
// players paid online; four walk in and pay at the bar — a guest, a regular by e-mail, a new face invited by e-mail
// (whose e-mail welcomes her to choose a password) and a second guest of the same name, added after a warning. Two
// tables, a tablet on Table 1 only: the floor marks Table 2 "No tablet" and offers to score it there, flags Table 1's
// match when no rack has been scored in ten minutes, and takes Table 2 out of rotation and back. A guest wins: the
// finalize dialog speaks in cash (the till); confirmed there with JavaScript, the settlement says it in a sentence;
// without, the JSON API's finalize (the only answer that carries the settlement) gives the same figures. The
// finished page marks the guest's prize paid in cash, and the director's ledger names the rake on the entries paid
// online. Then "Run again" suggests Week 2, and the dashboard lists both nights with their dates.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { acceptInvitation, createOrganiser, newIdentity } from "./support/accounts.ts";
import { calledAgo, signedIn } from "./support/database.ts";
import { paidPlayerViaApi } from "./support/payments.ts";
import {
  type ApiMatch,
  apiMatches,
  createTournamentViaApi,
  uniqueToken,
  waitForHydrated,
} from "./support/tournaments.ts";

test.use({ timezoneId: "Europe/London", locale: "en-GB" });

type Table = { id: string; name: string; accessCode: string; tabletConnected: boolean };

const VENUE = "The Red Lion, Leeds";

async function addWalkIn(page: Page, name: string, email = "") {
  const card = page.getByRole("region", { name: "Walk-ins" });
  await card.getByLabel("Name").fill(name);
  await card.getByLabel("Email").fill(email);
  await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
}

/** A table's card on the floor. */
const tableCard = (page: Page, name: string) => page.getByRole("listitem", { name, exact: true });

/** The Score it here link of a table's card. */
const scoreHere = (card: Locator) => card.getByRole("link", { name: /^Score it here: / });

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("walk-ins and an invitation, a table without a tablet, the till at the end, and next week's night", async ({
      page,
      browser,
      playwright,
      baseURL,
    }) => {
      const api = page.request;
      await createOrganiser(api);
      const tables: Table[] = [];
      for (const name of ["Table 1", "Table 2"]) {
        const added = await api.post("/api/tables", { data: { name } });
        expect(added.status(), await added.text()).toBe(201);
        tables.push((await added.json()) as Table);
      }
      const [table1, table2] = tables as [Table, Table];
      // £5 entry, 50p site fee, 50p rake; 70/30 to winner and runner-up; the floor calls matches by itself.
      const base = `Thursday 8-Ball ${uniqueToken("n")}`;
      const t = await createTournamentViaApi(api, {
        name: `${base} Week 1`,
        maxPlayers: 8,
        payoutStructure: "winner_ru",
        entryFee: "5.00",
        siteFee: "0.50",
        rakeType: "fixed",
        rakeValue: "0.50",
      });
      const settings = await api.patch(`/api/tournaments/${t.id}/settings`, { data: { autoAssign: true } });
      expect(settings.status(), await settings.text()).toBe(200);
      for (const name of ["Olly Online", "Ola Online", "Omar Online", "Orla Online"]) {
        await paidPlayerViaApi(playwright, baseURL, t.id, { ...newIdentity("p"), name });
      }
      const rita = { ...newIdentity("rita"), name: "Rita Regular" };
      await signedIn("player", rita);
      const ivy = newIdentity("ivy");

      // ---- Walk-ins at the bar: the form empty again after each; a name already in asks first.
      await page.goto(`/tournament/${t.slug}`);
      if (javaScriptEnabled) await waitForHydrated(page, "#walk-ins form button[type=submit]");
      const card = page.getByRole("region", { name: "Walk-ins" });
      const list = page.getByTestId("walk-ins");
      await addWalkIn(page, "Gus Guest");
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(card.getByLabel("Name")).toHaveValue("");
      await addWalkIn(page, "Rita", rita.email);
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(card.getByLabel("Name")).toHaveValue("");
      await expect(card.getByLabel("Email")).toHaveValue("");
      await addWalkIn(page, "Ivy Invited", ivy.email);
      await expect(list.getByRole("listitem")).toHaveCount(3);
      await expect(card.getByLabel("Email")).toHaveValue("");

      await addWalkIn(page, "Gus Guest");
      await expect(card.getByRole("alert")).toHaveText(
        "Someone called Gus Guest is already entered. Add another Gus Guest?",
      );
      await expect(list.getByRole("listitem")).toHaveCount(3);
      await card.getByLabel("Yes, add another Gus Guest").check();
      await card.getByRole("button", { name: "Add walk-in (paid at the bar)" }).click();
      await expect(list.getByRole("listitem")).toHaveCount(4);
      await expect(card.getByLabel("Yes, add another Gus Guest")).toHaveCount(0);
      // Full now: the form gives way to the news.
      await expect(card).toContainText("The tournament is full.");
      await expect(card.getByLabel("Name")).toHaveCount(0);
      // Each marked: a guest (a name only), a player's own account, an account invited by e-mail.
      const guests = list.getByRole("listitem").filter({ hasText: "Gus Guest" });
      await expect(guests).toHaveCount(2);
      for (const guest of await guests.all()) await expect(guest).toContainText("Guest");
      await expect(list.getByRole("listitem").filter({ hasText: "Rita Regular" })).toContainText("Player");
      await expect(list.getByRole("listitem").filter({ hasText: "Ivy Invited" })).toContainText("Invited");

      // Ivy's e-mail welcomes her: she chooses a password, is signed in, and sees her entry.
      await acceptInvitation(
        api,
        browser,
        { name: "Ivy Invited", email: ivy.email },
        { entered: t.name, javaScriptEnabled },
      );

      // ---- The start: the floor puts the first two matches on the two tables.
      await page.getByRole("link", { name: "Start Tournament" }).click();
      await page
        .getByRole("dialog", { name: `Start ${t.name}?` })
        .getByRole("button", { name: "Start Tournament" })
        .click();
      await expect(page.getByText("The draw is made: 8 players, 7 matches.")).toBeVisible();
      const drawn = await apiMatches(api, t.id);
      const on = (table: Table) => drawn.find((m) => m.tableId === table.id && m.status !== "completed");
      const [first, second] = [on(table1), on(table2)];
      if (!first || !second) throw new Error("auto-assign calls a match to each table at the start");

      // A guest wins, a player who paid online from the other half of the draw is runner-up (first-round matches
      // 1-2 lead to one semi-final, 3-4 to the other).
      const detail = (await (await api.get(`/api/tournaments/${t.slug}`)).json()) as {
        players: { id: string; name: string }[];
      };
      const halfOf = (id: string) => {
        const m = drawn.find((x) => x.round === 1 && (x.player1Id === id || x.player2Id === id));
        return m ? Math.ceil(m.matchNumber / 2) : null;
      };
      const named = (keep: (name: string) => boolean) => detail.players.filter((p) => keep(p.name));
      const [winner, runnerUp] = named((n) => n === "Gus Guest")
        .flatMap((g) => named((n) => n.endsWith(" Online")).map((o) => [g, o] as const))
        .find(([g, o]) => halfOf(g.id) !== halfOf(o.id)) ?? [undefined, undefined];
      if (!winner || !runnerUp) throw new Error("every draw has a guest and an online player in opposite halves");
      const order = [winner.id, runnerUp.id];
      const rank = (id: string | null) => {
        const at = order.indexOf(id ?? "");
        return at === -1 ? order.length : at;
      };
      const player1Wins = (m: ApiMatch) => rank(m.player1Id) <= rank(m.player2Id);

      // ---- A tablet on Table 1 only.
      const tabletContext = await browser.newContext({
        javaScriptEnabled: true,
        viewport: { width: 1024, height: 768 },
      });
      const tablet = await tabletContext.newPage();
      await tablet.goto(`/scoreboard/${table1.accessCode}`);
      await expect(tablet.locator("html")).toHaveAttribute("data-live", "open");
      await expect
        .poll(async () => {
          const listed = (await (await api.get("/api/tables")).json()) as Table[];
          return listed.map((x) => `${x.name}: ${x.tabletConnected}`).sort();
        })
        .toEqual(["Table 1: true", "Table 2: false"]);

      await page.goto(`/tournament/${t.slug}?tab=floor`);
      const one = tableCard(page, "Table 1");
      const two = tableCard(page, "Table 2");
      await expect(two.getByText("No tablet", { exact: true })).toBeVisible();
      await expect(two).toContainText("No tablet on this table: record the result here.");
      await expect(scoreHere(two)).toBeVisible();
      await expect(one).toContainText("Playing");
      await expect(one.getByText("No tablet", { exact: true })).toHaveCount(0);
      await expect(scoreHere(one)).toHaveCount(0);
      await expect(one).not.toContainText("No rack scored in 10 minutes");

      // Eleven minutes on Table 1 without a rack scored: the floor asks whether the tablet is scoring it.
      await calledAgo(first.id, 11 * 60_000);
      await page.reload();
      await expect(one).toContainText("No rack scored in 10 minutes. Is the tablet scoring it?");
      await expect(scoreHere(one)).toBeVisible();
      await tabletContext.close();

      // Table 2 out of rotation: its match stays, and it takes no other.
      if (javaScriptEnabled) await waitForHydrated(page, "#queue form button[type=submit]");
      await two.getByRole("button", { name: "Take out of rotation: Table 2" }).click();
      await expect(page.getByTestId("toast")).toContainText("Table out of rotation");
      await expect(two.getByText("Out of rotation", { exact: true })).toBeVisible();
      await expect(two.getByRole("button", { name: "Put back in rotation: Table 2" })).toBeVisible();

      // The director scores Table 2's match on the floor, in the result dialog.
      await scoreHere(two).click();
      const dialog = page.getByRole("dialog", { name: "Record result" });
      await expect(dialog).toContainText(`${second.label} – Match ${second.matchNumber}`);
      await dialog
        .getByRole("radio")
        .nth(player1Wins(second) ? 0 : 1)
        .check();
      await dialog.getByRole("button", { name: "Save result" }).click();
      await expect(page.getByTestId("toast")).toContainText("Result recorded");
      await expect(page).toHaveURL(/\?tab=floor$/);
      await expect(two).toContainText("Matches are not put on it.");
      await expect(page.getByTestId("up-next").getByRole("listitem")).toHaveCount(2);
      expect((await apiMatches(api, t.id)).find((m) => m.id === second.id)?.status).toBe("completed");

      // Back in rotation, it fills from the floor at once.
      await two.getByRole("button", { name: "Put back in rotation: Table 2" }).click();
      await expect(page.getByTestId("toast")).toContainText("Table back in rotation");
      await expect(two.getByText("Out of rotation", { exact: true })).toHaveCount(0);
      await expect(two).toContainText("Playing");
      await expect(scoreHere(two)).toBeVisible();
      await expect(page.getByTestId("up-next").getByRole("listitem")).toHaveCount(1);

      // The rest of the night (through the API the tables use).
      for (let round = 0; round < 4; round++) {
        for (const m of (await apiMatches(api, t.id)).filter(
          (x) => x.status !== "completed" && x.player1Id && x.player2Id,
        )) {
          const winnerId = player1Wins(m) ? m.player1Id : m.player2Id;
          const saved = await api.patch(`/api/matches/${m.id}`, { data: { winnerId, status: "completed" } });
          expect(saved.status(), await saved.text()).toBe(200);
        }
      }

      // ---- The till. The pool is 8 × £4.50 = £36: the guest's £25.20 is handed over in cash, the runner-up's
      // £10.80 goes to a balance. £22 was taken at the bar (4 × £5.50); the escrow held 4 × £5, pays £10.80 and the
      // rake on its four entries (£2), so £7.20 comes to the director's balance once the cash entries' site fees (£2)
      // are taken: the night leaves the director £4 (50p rake on every entry).
      await page.goto(`/tournament/${t.slug}?tab=bracket`);
      await page.getByRole("link", { name: "Finalize & Pay Out" }).click();
      const finalize = page.getByRole("dialog", { name: "Confirm payouts" });
      await expect(finalize).toContainText("Prize pool £36.00");
      // The guest's prize is handed over in cash, and the table and the sentence above it say so.
      await expect(finalize).toContainText("the rest you hand over in cash");
      const guestRow = finalize.getByTestId("payout-preview").getByRole("row").filter({ hasText: "Gus Guest" });
      await expect(guestRow).toContainText("paid in cash at the venue");
      const runnerUpRow = finalize.getByTestId("payout-preview").getByRole("row").filter({ hasText: runnerUp.name });
      await expect(runnerUpRow).not.toContainText("paid in cash");
      const settlement = finalize.getByTestId("settlement");
      await expect(settlement).toContainText("The till");
      await expect(settlement).toContainText("Cash taken at the bar (4 entries, entry and site fees)£22.00");
      await expect(settlement).toContainText("Hand over in cashGus Guest (1st)£25.20");
      await expect(settlement).toContainText(
        "Paid into your balance (the rake and the entry fees held online, less the prizes paid online, and the " +
          "cash entries' site fees (£2.00))£7.20",
      );
      await expect(settlement).toContainText("You keep (your rake on every entry)£4.00");
      await expect(settlement.getByRole("alert")).toHaveCount(0);
      await expect(settlement).not.toContainText(runnerUp.name);

      if (javaScriptEnabled) {
        // Confirmed in the dialog: the till in one sentence.
        await finalize.getByRole("button", { name: "Confirm Payouts" }).click();
        await expect(
          page
            .getByText(
              "You took £22.00 at the bar; hand Gus Guest £25.20; you keep £4.00 rake; your balance receives £7.20.",
            )
            .first(),
        ).toBeVisible();
      } else {
        // The JSON API's finalize answers the same settlement, in pence strings.
        const finalized = await api.post(`/api/tournaments/${t.id}/finalize`);
        expect(finalized.status(), await finalized.text()).toBe(200);
        const body = (await finalized.json()) as { prizePool: string; settlement: Record<string, unknown> };
        expect(body.prizePool).toBe("36.00");
        expect(body.settlement).toEqual({
          cashEntries: 4,
          cashTaken: "22.00",
          cashPrizes: "25.20",
          siteFeesCharged: "2.00",
          directorBalanceChange: "7.20",
          paidInCash: [{ name: "Gus Guest", amount: "25.20" }],
        });
      }
      const me = (await (await api.get("/api/auth/me")).json()) as { balance: string };
      expect(me.balance).toBe("7.20");

      // ---- The director's ledger names the rake on the entries paid online.
      await page.goto("/td/dashboard");
      const rake = page.getByTestId("transaction").filter({ hasText: "Rake on " });
      await expect(rake).toHaveCount(1);
      await expect(rake).toContainText(`Rake on 4 entries paid online — ${t.name}, ${VENUE}`);
      await expect(rake).toContainText("+£2.00");

      // ---- Next week: Run again suggests Week 2, and the copy is made with that name.
      // The finished night's prizes: the guest's handed over in cash, the runner-up's paid into a balance.
      await page.goto(`/tournament/${t.slug}`);
      const prizes = page.getByRole("row").filter({ has: page.getByRole("cell") });
      await expect(prizes).toHaveText(["Gus Guest1st£25.20paid in cash at the venue", `${runnerUp.name}2nd£10.80`]);
      await page.getByRole("region", { name: "Director" }).getByRole("link", { name: "Run again" }).click();
      const again = page.getByRole("dialog", { name: `Run ${base} Week 1 again?` });
      await expect(again.getByLabel("The new night's name")).toHaveValue(`${base} Week 2`);
      await expect(again.getByLabel("Date")).toHaveValue("2030-12-13");
      await again.getByRole("button", { name: "Run again" }).click();
      await expect(page.getByTestId("toast")).toContainText("Tournament created");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${base} Week 2`);

      // The dashboard lists both nights of the same name, each with its date.
      await page.goto("/td/dashboard");
      const active = page.getByRole("region", { name: "Active Tournaments" }).getByRole("listitem");
      const past = page.getByRole("region", { name: "Past Tournaments" }).getByRole("listitem");
      await expect(active.filter({ hasText: base })).toHaveText([
        new RegExp(`^${base} Week 2${VENUE} · Fri 13 Dec 2030 · 19:30 · 0/8 players.*Open$`),
      ]);
      await expect(past.filter({ hasText: base })).toHaveText([
        new RegExp(`^${base} Week 1${VENUE} · Fri 6 Dec 2030 · 19:30 · 8/8 players.*Finished$`),
      ]);
    });
  });
}
