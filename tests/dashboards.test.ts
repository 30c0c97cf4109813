// Dashboards, withdrawals, transactions and statistics through the real Worker.
import { expect, test } from "vitest";
import { formatDate } from "../app/domain/dates.ts";
import { type Account, futureDate, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

async function withdraw(account: Account, amount: unknown) {
  return account.client.json("POST", "/api/withdrawals/request", { amount });
}

test("a withdrawal debits the balance at once, records the 3% fee and writes one transaction", async () => {
  const p = await f.player();
  await f.credit("player", p.id, 8820);
  const response = await withdraw(p, "50.00");
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ amount: "50.00", fee: "1.50", net: "48.50", status: "pending" });
  expect(await f.balance("player", p.id)).toBe(3820);
  const rows = await f.sql().execute({
    sql: "select type, amount_pence, description from transactions where user_id = ? and type = 'withdraw'",
    args: [p.id],
  });
  expect(rows.rows).toHaveLength(1);
  expect(Number(rows.rows[0]!.amount_pence)).toBe(-5000);
  expect(String(rows.rows[0]!.description)).toContain("£48.50");
  expect(
    await f.count("withdrawals", "user_id = ? and status = 'pending' and fee_pence = 150 and net_pence = 4850", [p.id]),
  ).toBe(1);
  await f.expectLedgerTrue();
});

test("bad amounts are refused with SPEC's messages and write nothing", async () => {
  const p = await f.player();
  await f.credit("player", p.id, 1000);
  for (const amount of ["0", "-5", "abc", "1e9", "10.001", "", null, [], {}]) {
    const response = await withdraw(p, amount);
    expect(response.status, JSON.stringify(amount)).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Please enter a valid withdrawal amount");
  }
  expect((await p.client.json("POST", "/api/withdrawals/request", {})).status).toBe(400);
  const tooMuch = await withdraw(p, "10.01");
  expect(tooMuch.status).toBe(409);
  expect(((await tooMuch.json()) as { message: string }).message).toBe("You only have £10.00 available");
  expect(await f.count("withdrawals", "user_id = ?", [p.id])).toBe(0);
  expect(await f.balance("player", p.id)).toBe(1000);
  expect((await app.client().json("POST", "/api/withdrawals/request", { amount: "1.00" })).status).toBe(401);
});

test("the Withdraw form asks where the money goes, checks it, stores it and shows it masked", async () => {
  const p = await f.player();
  await f.credit("player", p.id, 5000);
  const form = (fields: Record<string, string>) =>
    p.client.postForm("/player/dashboard?withdraw=1", { intent: "withdraw", amount: "20.00", ...fields });

  const missing = await form({});
  expect(missing.status).toBe(400);
  const page = await missing.text();
  for (const message of [
    "Enter the name on the account",
    "Enter the sort code: 6 digits, like 12-34-56",
    "Enter the account number: 8 digits",
  ]) {
    expect(page).toContain(message);
  }
  const wrong = await form({ accountName: "Pat Player", sortCode: "12-34-5", accountNumber: "12345678" });
  expect(wrong.status).toBe(400);
  const kept = (await wrong.text()).replaceAll("&#x27;", "'");
  expect(kept).toContain("Enter the sort code: 6 digits, like 12-34-56");
  expect(kept).not.toContain("Enter the account number: 8 digits");
  // What was typed comes back, so nothing has to be typed twice without JavaScript.
  expect(kept).toContain('value="Pat Player"');
  expect(kept).toContain('value="12-34-5"');
  expect(await f.count("withdrawals", "user_id = ?", [p.id])).toBe(0);

  const ok = await form({ accountName: "Pat Player", sortCode: "12 34 56", accountNumber: "8765 4321" });
  expect(ok.status).toBe(302);
  const stored = await f.sql().execute({
    sql: "select account_name, sort_code, account_number from withdrawals where user_id = ?",
    args: [p.id],
  });
  expect(stored.rows[0]).toMatchObject({ account_name: "Pat Player", sort_code: "123456", account_number: "87654321" });
  const after = (await (await p.client.get(ok.headers.get("Location")!)).text()).replaceAll("<!-- -->", "");
  expect(after).toContain("will reach the account •••• 4321 in 3-5 business days");
  expect(after).toContain("Withdrawal £20.00 to •••• 4321");
  expect(after).not.toContain("87654321");
  await f.expectLedgerTrue();
});

test("the JSON API takes the amount alone (SPEC §7), or the account with it: all three fields", async () => {
  const p = await f.player();
  await f.credit("player", p.id, 5000);
  const alone = await withdraw(p, "5.00");
  expect(alone.status).toBe(200);
  expect(await alone.json()).toMatchObject({ amount: "5.00", account: null });

  const request = (body: Record<string, string>) => p.client.json("POST", "/api/withdrawals/request", body);
  const partial = await request({ amount: "5.00", sortCode: "12-34-56" });
  expect(partial.status).toBe(400);
  expect(await partial.json()).toEqual({
    message: "Enter the name on the account",
    errors: {
      accountName: ["Enter the name on the account"],
      accountNumber: ["Enter the account number: 8 digits"],
    },
  });
  const bad = await request({ amount: "5.00", accountName: "Pat", sortCode: "12-34-56", accountNumber: "123" });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { message: string }).message).toBe("Enter the account number: 8 digits");
  expect(await f.count("withdrawals", "user_id = ?", [p.id])).toBe(1);

  const full = await request({
    amount: "10.00",
    ...{ accountName: "Pat Player", sortCode: "123456", accountNumber: "12345678" },
  });
  expect(full.status).toBe(200);
  expect(await full.json()).toMatchObject({
    amount: "10.00",
    net: "9.70",
    account: { accountName: "Pat Player", sortCode: "12-34-56", accountNumber: "•••• 5678" },
  });
  expect(await f.count("withdrawals", "user_id = ? and account_number = '12345678'", [p.id])).toBe(1);
  await f.expectLedgerTrue();
});

test("ten concurrent withdrawals of the whole balance: exactly one succeeds", async () => {
  const p = await f.player();
  await f.credit("player", p.id, 2500);
  const results = await Promise.all(Array.from({ length: 10 }, () => withdraw(p, "25.00")));
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(9);
  expect(await f.balance("player", p.id)).toBe(0);
  expect(await f.count("withdrawals", "user_id = ?", [p.id])).toBe(1);
  await f.expectLedgerTrue();
});

test("organisers withdraw too", async () => {
  const td = await f.organiser();
  await f.credit("organiser", td.id, 1400);
  expect((await withdraw(td, "14.00")).status).toBe(200);
  expect(await f.balance("organiser", td.id)).toBe(0);
  await f.expectLedgerTrue();
});

test("transactions: own only, newest first, money as decimal strings", async () => {
  const p = await f.player();
  await f.credit("player", p.id, 1000);
  await withdraw(p, "2.00");
  const list = (await (await p.client.get("/api/transactions")).json()) as {
    type: string;
    amount: string;
    description: string;
    createdAt: string;
  }[];
  expect(list.map((t) => [t.type, t.amount])).toEqual([
    ["withdraw", "-2.00"],
    ["deposit", "10.00"],
  ]);
  const other = await f.player();
  expect(await (await other.client.get("/api/transactions")).json()).toEqual([]);
  expect((await app.client().get("/api/transactions")).status).toBe(401);
});

test("statistics are readable by their owner only", async () => {
  const p = await f.player();
  const stats = await p.client.get(`/api/players/${p.id}/stats`);
  expect(stats.status).toBe(200);
  expect(await stats.json()).toEqual({
    tournamentsPlayed: 0,
    tournamentsWon: 0,
    matchesPlayed: 0,
    matchesWon: 0,
    racksWon: 0,
    racksLost: 0,
    totalEarnings: "0.00",
  });
  const other = await f.player();
  expect((await other.client.get(`/api/players/${p.id}/stats`)).status).toBe(403);
  const td = await f.organiser();
  expect((await td.client.get(`/api/players/${p.id}/stats`)).status).toBe(403);
  const tdStats = await td.client.get(`/api/td/${td.id}/stats`);
  expect(await tdStats.json()).toEqual({
    tournamentsHosted: 0,
    activeTournaments: 0,
    totalPlayersServed: 0,
    totalPrizePoolsDistributed: "0.00",
  });
  expect((await (await f.organiser("Other")).client.get(`/api/td/${td.id}/stats`)).status).toBe(403);
  expect((await app.client().get(`/api/td/${td.id}/stats`)).status).toBe(401);
});

test("after a finalized tournament both dashboards show the money and the figures", async () => {
  const td = await f.organiser("Dave");
  const t = await f.createTournament(td, { maxPlayers: 2, payoutStructure: "winner_only", name: "Dashboard Cup" });
  const players: Account[] = [];
  for (const name of ["Winner Wendy", "Loser Larry"]) {
    const p = await f.player(name);
    const { paymentIntentId } = (await (
      await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })
    ).json()) as { paymentIntentId: string };
    await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, { cardNumber: "4242424242424242" });
    players.push(p);
  }
  await td.client.json("POST", `/api/tournaments/${t.id}/start`);
  const [final] = (await (await app.client().get(`/api/tournaments/${t.id}/matches`)).json()) as {
    id: string;
    player1Id: string;
    player2Id: string;
  }[];
  const winner = players.find((p) => p.id === final!.player1Id)!;
  await td.client.json("PATCH", `/api/matches/${final!.id}`, { winnerId: winner.id, player1Score: 5, player2Score: 2 });
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);

  const page = (await (await winner.client.get("/player/dashboard")).text()).replaceAll("<!-- -->", "");
  expect(page).toContain("£18.00"); // 2 × £9 pool
  expect(page).toContain("+£18.00");
  expect(page).toContain("100.0%");
  const tdPage = (await (await td.client.get("/td/dashboard")).text()).replaceAll("<!-- -->", "");
  expect(tdPage).toContain("+£2.00"); // rake
  expect(tdPage).toContain("Dashboard Cup");
  // "Tournaments hosted" counts the nights played to the end: next week's, still open, is active, not hosted.
  await f.createTournament(td, { name: "Next Week's Cup" });
  expect(await (await td.client.get(`/api/td/${td.id}/stats`)).json()).toEqual({
    tournamentsHosted: 1,
    activeTournaments: 1,
    totalPlayersServed: 2,
    totalPrizePoolsDistributed: "18.00",
  });
  expect(await (await winner.client.get(`/api/players/${winner.id}/stats`)).json()).toEqual({
    tournamentsPlayed: 1,
    tournamentsWon: 1,
    matchesPlayed: 1,
    matchesWon: 1,
    racksWon: 5,
    racksLost: 2,
    totalEarnings: "18.00",
  });

  // Withdraw part of it through the dialog's form, without JavaScript.
  const dialog = await (await winner.client.get("/player/dashboard?withdraw=1")).text();
  expect(dialog).toContain("Withdraw");
  // Racks won and lost on the dashboard (decision 012).
  expect(dialog).toMatch(/Racks won<\/dt><dd[^>]*>5</);
  expect(dialog).toMatch(/Racks lost<\/dt><dd[^>]*>2</);
  const bank = { accountName: "Winner", sortCode: "12-34-56", accountNumber: "12345678" };
  const bad = await winner.client.postForm("/player/dashboard?withdraw=1", {
    intent: "withdraw",
    amount: "100",
    ...bank,
  });
  expect(bad.status).toBe(409);
  expect(await bad.text()).toContain("You only have £18.00 available");
  const ok = await winner.client.postForm("/player/dashboard?withdraw=1", {
    intent: "withdraw",
    amount: "10.00",
    ...bank,
  });
  expect(ok.status).toBe(302);
  const after = (await (await winner.client.get(ok.headers.get("Location")!)).text()).replaceAll("<!-- -->", "");
  expect(after).toContain("Withdrawal requested");
  expect(after).toContain("£8.00");
  expect(after).toContain("−£10.00");
  await f.expectLedgerTrue();
});

test("a zero balance disables Withdraw; the dashboards redirect the wrong role", async () => {
  const p = await f.player();
  const html = await (await p.client.get("/player/dashboard")).text();
  expect(html).toMatch(/<button type="button" class="[^"]*" disabled="">Withdraw<\/button>/);
  expect((await p.client.get("/td/dashboard")).headers.get("Location")).toBe("/player/dashboard");
});

test("the director's dashboard shows player counts and offers a first tournament only to a new director", async () => {
  const td = await f.organiser("Nina New");
  const fresh = (await (await td.client.get("/td/dashboard")).text()).replaceAll("<!-- -->", "");
  expect(fresh).toContain("Create your first tournament");

  const t = await f.createTournament(td, { maxPlayers: 8, name: "Counting Cup" });
  for (const name of ["Paid Pat", "Paid Pam"]) {
    const p = await f.player(name);
    const { paymentIntentId } = (await (
      await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })
    ).json()) as { paymentIntentId: string };
    await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, { cardNumber: "4242424242424242" });
  }
  // A hold that is not paid is not a player.
  const holder = await f.player("Holding Hal");
  await holder.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });

  const page = (await (await td.client.get("/td/dashboard")).text()).replaceAll("<!-- -->", "");
  expect(page).toContain("Counting Cup");
  expect(page).toContain("2/8 players");
  expect(page).not.toContain("Create your first tournament");
});

test("the player dashboard: Open lists only what can be entered now; Coming Up the player's own", async () => {
  const tag = `dash${Date.now()}`;
  const td = await f.organiser("Olly Organiser");
  const create = (name: string, overrides: Record<string, unknown> = {}) =>
    f.createTournament(td, { name: `${tag} ${name}`, ...overrides });
  const open = await create("Open Night", { maxPlayers: 4 });
  const packed = await create("Packed Night", { maxPlayers: 2 });
  await f.enter(packed, 2);
  const soon = await create("Soon Night", { date: futureDate(3), time: "20:00" });
  const later = await create("Later Night", { date: futureDate(10), time: "19:15" });
  const started = await create("Started Night");

  const me = await f.player("Dana Dashboard");
  for (const t of [later, soon, started]) {
    const join = await me.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
    const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
    const paid = await me.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
  }
  await f.enter(started, 1);
  expect((await td.client.json("POST", `/api/tournaments/${started.id}/start`)).status).toBe(200);

  const html = (await (await me.client.get(`/player/dashboard?q=${tag}`)).text()).replaceAll("<!-- -->", "");
  const section = (id: string) => {
    const from = html.indexOf(`aria-labelledby="${id}"`);
    expect(from, id).toBeGreaterThan(-1);
    return html.slice(from, html.indexOf("</section>", from));
  };

  // Open: only what the player can enter now. A full one is left to Browse All, which offers its reserve list.
  const openList = section("find-title");
  expect(openList).toContain(`${tag} Open Night`);
  expect(openList).not.toContain(`${tag} Packed Night`);
  expect(openList).not.toContain(`${tag} Soon Night`);
  expect(openList).toContain("Full and closed tournaments are under");
  expect(openList).toContain('href="/player/tournaments?tab=available"');

  // Coming Up: the player's own, soonest first, with the date and time; the started one is under In Progress.
  const comingUp = section("coming-up-title");
  expect(comingUp).toContain(`${tag} Soon Night`);
  expect(comingUp.indexOf(`${tag} Soon Night`)).toBeLessThan(comingUp.indexOf(`${tag} Later Night`));
  expect(comingUp).toContain(`${formatDate(futureDate(3))} · 20:00`);
  expect(comingUp).toContain(`${formatDate(futureDate(10))} · 19:15`);
  expect(comingUp).toContain(`href="/tournament/${soon.slug}"`);
  expect(comingUp).toContain("Registered · 1/16 players");
  expect(comingUp).not.toContain(`${tag} Started Night`);
  expect(section("playing-title")).toContain(`${tag} Started Night`);

  // Entered in the only open one found: Open says so, not that there are none.
  const entered = (await (await me.client.get(`/player/dashboard?q=${tag} Soon`)).text()).replaceAll("<!-- -->", "");
  const openNone = entered.slice(entered.indexOf('aria-labelledby="find-title"'));
  expect(openNone).toContain("No other open tournaments match your search: yours is under Coming Up.");
  expect(openNone).not.toContain("No open tournaments match your search.");
  // So does the tournaments page's Available tab, which lists the player's own under My Tournaments.
  const browse = (await (await me.client.get(`/player/tournaments?tab=available&q=${tag} Soon`)).text()).replaceAll(
    "<!-- -->",
    "",
  );
  expect(browse).toContain("No other open tournaments match your search: yours is under My Tournaments.");

  // Nothing to come: no Coming Up, and with no full one hidden, no word about Browse All's full ones.
  const fresh = await f.player("Fresh Fran");
  const freshHtml = await (await fresh.client.get(`/player/dashboard?q=${tag} Open`)).text();
  expect(freshHtml).not.toContain("coming-up-title");
  expect(freshHtml).toContain(`${tag} Open Night`);
  expect(freshHtml).not.toContain("Full and closed tournaments are under");
  expect(open.status).toBe("open");
});
