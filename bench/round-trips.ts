// Database round trips (pipelines) and statements per request, counted by
// the local libSQL server, for the pages and calls of a typical evening.
import { createClient } from "@libsql/client";
import type { Stack } from "../scripts/lib/stack.ts";
import { validTournament } from "../test-support/fixtures.js";
import { account, enterAndPay, tournament } from "./lib.ts";

export type RoundTrips = { request: string; pipelines: number; statements: number; status: number; note: string }[];

// The simulated payments provider keeps its intents in the same database:
// its round trip stands where production makes an HTTPS call to Stripe.
const PROVIDER = "1 is the payment provider's (Stripe's API in production)";
const STRIPE_ITSELF = "the simulated provider's charge and its webhook";
// Putting a match on a table tells its players (decision 015), after the response: who to tell and the claim of the
// call (2), then an e-mail each, which the local outbox keeps in the database (an HTTP call to the mail service in
// production).
const CALL_NOTICES = "4 are the players' call notices after the response: 2, and the 2 e-mails the local outbox keeps";
// A result moves the players' ratings (decision 027), after the response: the replay's read and its write.
const RATINGS = "2 are the ratings' replay after the response: its read and its write";

/**
 * The budget `npm test` holds every measured request to (tests/round-trips.test.ts):
 * one round trip for a read page or JSON GET, two for a write, plus the
 * payment provider's call where it makes one. The simulated card confirm is
 * Stripe's side of a payment (its charge, then the webhook it delivers) and is
 * held to what it costs today.
 */
export function roundTripBudget(row: { request: string; note: string }): number {
  if (row.note === STRIPE_ITSELF) return 5;
  const extra = row.note === PROVIDER ? 1 : row.note === CALL_NOTICES ? 4 : row.note === RATINGS ? 2 : 0;
  return (row.request.startsWith("GET ") ? 1 : 2) + extra;
}

/** The server's counters once they have stood still for a moment (at most 3 s). */
export async function settledStats(stack: Pick<Stack, "db">) {
  let last = stack.db.stats();
  for (let waited = 0; waited < 3000; waited += 150) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    const now = stack.db.stats();
    if (now.pipelines === last.pipelines && now.statements === last.statements) return now;
    last = now;
  }
  return last;
}

type Match = { id: string; player1Id: string | null; player2Id: string | null; status: string };

export async function measureRoundTrips(stack: Pick<Stack, "appUrl" | "db" | "dbUrl">): Promise<RoundTrips> {
  const td = await account(stack, "organiser", "Dave Director");
  const t = await tournament(td.client, { maxPlayers: 8 });
  const players = [];
  for (let i = 0; i < 5; i++) {
    const p = await account(stack, "player", `Player ${i + 1}`);
    await enterAndPay(p.client, t.id);
    players.push(p);
  }
  const tableRes = await td.client.json("POST", "/api/tables", { name: "Table 1" });
  const tbl = (await tableRes.json()) as { id: string; accessCode: string };
  const visitor = players[0]!.client;
  const results: RoundTrips = [];
  const measure = async (label: string, run: () => Promise<Response>, note = "") => {
    // What the setup left running after its responses is not this request's.
    await settledStats(stack);
    stack.db.resetStats();
    const response = await run();
    await response.arrayBuffer();
    // What the request left running (ctx.waitUntil) is counted with it, and never with the next one.
    const s = await settledStats(stack);
    results.push({ request: label, pipelines: s.pipelines, statements: s.statements, status: response.status, note });
  };
  const anon = new (await import("../tests/support/http.ts")).HttpClient(stack.appUrl);

  await measure("GET / (landing)", () => anon.get("/"));
  await measure("GET /tournament/{slug} (visitor)", () => anon.get(`/tournament/${t.slug}`));
  await measure("GET /tournament/{slug} (player)", () => visitor.get(`/tournament/${t.slug}`));
  await measure("GET /player/dashboard", () => visitor.get("/player/dashboard"));
  await measure("GET /player/tournaments", () => visitor.get("/player/tournaments"));
  await measure("GET /td/dashboard", () => td.client.get("/td/dashboard"));
  await measure("GET /td/tournaments", () => td.client.get("/td/tournaments"));
  await measure("GET /td/tables", () => td.client.get("/td/tables"));
  await measure("GET /td/tables/print", () => td.client.get("/td/tables/print"));
  await measure("GET /api/tournaments", () => anon.get("/api/tournaments"));
  await measure("POST /api/tournaments/{id}/start", () => td.client.json("POST", `/api/tournaments/${t.id}/start`));
  const listMatches = async () => (await (await anon.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  const toPlay = (ms: Match[]) => ms.filter((m) => m.player1Id && m.player2Id && m.status !== "completed");
  const playable = toPlay(await listMatches())[0]!;
  await measure("GET /tournament/{slug}?tab=bracket (director)", () =>
    td.client.get(`/tournament/${t.slug}?tab=bracket`),
  );
  await measure("GET /tournament/{slug}/bracket (wall)", () => anon.get(`/tournament/${t.slug}/bracket`));
  await measure("GET /tournament/{slug}/tv", () => anon.get(`/tournament/${t.slug}/tv?page=tables`));
  await measure("GET /api/tournaments/{id}/matches", () => anon.get(`/api/tournaments/${t.id}/matches`));
  await measure(
    "PATCH /api/matches/{id}/table",
    () => td.client.json("PATCH", `/api/matches/${playable.id}/table`, { tableId: tbl.id }),
    CALL_NOTICES,
  );
  await measure("GET /scoreboard/{code}", () => anon.get(`/scoreboard/${tbl.accessCode}`));
  await measure("GET /api/tables/by-code/{code}/current-match", () =>
    anon.get(`/api/tables/by-code/${tbl.accessCode}/current-match`),
  );
  // The tablet at the table: a rack, then the result confirmed, which the tournament records at once (the default).
  const tap = (kind: string, body: Record<string, unknown>) =>
    anon.json("POST", `/api/tables/by-code/${tbl.accessCode}/${kind}`, {
      tapId: crypto.randomUUID(),
      matchId: playable.id,
      ...body,
    });
  await measure("POST /api/tables/by-code/{code}/racks", () => tap("racks", { player: 1 }));
  await measure(
    "POST /api/tables/by-code/{code}/confirm (recorded at once)",
    () => tap("confirm", { winner: 1, player1Score: 1, player2Score: 0 }),
    RATINGS,
  );
  const [second, third] = toPlay(await listMatches());
  await measure(
    "PATCH /api/matches/{id} (result)",
    () => td.client.json("PATCH", `/api/matches/${second!.id}`, { winnerId: second!.player1Id }),
    RATINGS,
  );
  const p6 = await account(stack, "player", "Late Player");
  const t2 = await tournament(td.client);
  await measure(
    "POST /api/tournaments/join",
    () => p6.client.json("POST", "/api/tournaments/join", { tournamentId: t2.id }),
    PROVIDER,
  );
  await measure(
    "GET /tournament/{slug}/checkout (place held)",
    () => p6.client.get(`/tournament/${t2.slug}/checkout`),
    PROVIDER,
  );
  const p7 = await account(stack, "player", "Form Player");
  await measure(
    "POST /tournament/{slug}/checkout (join form)",
    () => p7.client.postForm(`/tournament/${t2.slug}/checkout`, { intent: "join" }),
    PROVIDER,
  );
  const held = (await (await p6.client.json("POST", "/api/tournaments/join", { tournamentId: t2.id })).json()) as {
    paymentIntentId: string;
  };
  await measure(
    "POST /api/dev/payments/{id}/confirm (test card)",
    () =>
      p6.client.json("POST", `/api/dev/payments/${held.paymentIntentId}/confirm`, { cardNumber: "4242424242424242" }),
    STRIPE_ITSELF,
  );
  await measure(
    "POST /api/tournaments/verify-payment",
    () => p6.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId: held.paymentIntentId }),
    PROVIDER,
  );
  // A card charged whose webhook has not come yet: the player's return from checkout applies the payment.
  const p8 = await account(stack, "player", "Quick Returner");
  const early = (await (await p8.client.json("POST", "/api/tournaments/join", { tournamentId: t2.id })).json()) as {
    paymentIntentId: string;
  };
  await chargedBeforeItsWebhook(stack, early.paymentIntentId);
  await measure(
    "POST /api/tournaments/verify-payment (applies the payment)",
    () => p8.client.json("POST", "/api/tournaments/verify-payment", { paymentIntentId: early.paymentIntentId }),
    PROVIDER,
  );
  // Paying from a balance topped up by card.
  const p9 = await account(stack, "player", "Saver");
  const topUp = (await (await p9.client.json("POST", "/api/balance/top-up", { amount: "11.00" })).json()) as {
    paymentIntentId: string;
  };
  await p9.client.json("POST", `/api/dev/payments/${topUp.paymentIntentId}/confirm`, {
    cardNumber: "4242424242424242",
  });
  await measure("POST /tournament/{slug}/checkout (paid from the balance)", () =>
    p9.client.postForm(`/tournament/${t2.slug}/checkout`, { intent: "balance", pence: "1100" }),
  );
  await measure("POST /api/withdrawals/request (refused)", () =>
    visitor.json("POST", "/api/withdrawals/request", { amount: "1.00" }),
  );
  await measure("POST /api/tables", () => td.client.json("POST", "/api/tables", { name: "Table 2" }));
  await measure("POST /api/tournaments (create)", async () => {
    const body = validTournament({
      name: "Sunday Knockout",
      time: "15:00",
      entryFee: "5.00",
      siteFee: "0.50",
      rakeValue: "0.50",
      maxPlayers: 8,
    });
    return td.client.json("POST", "/api/tournaments", body);
  });
  await measure("GET /api/auth/me", () => visitor.get("/api/auth/me"));
  await measure("GET /api/transactions", () => visitor.get("/api/transactions"));
  await measure("GET /api/tournaments/my-registrations", () => visitor.get("/api/tournaments/my-registrations"));
  await measure("GET /tournament/{slug}?confirm=finalize (director)", () =>
    td.client.get(`/tournament/${t.slug}?confirm=finalize`),
  );
  await measure(
    "POST /tournament/{slug}/results (director's result form)",
    () => {
      const next = third ?? second!;
      return td.client.postForm(`/tournament/${t.slug}/results`, {
        intent: "record-result",
        matchId: next.id,
        winnerId: next.player1Id!,
      });
    },
    RATINGS,
  );
  await measure("POST /player/dashboard (withdraw form, refused)", () =>
    visitor.postForm("/player/dashboard", { amount: "1000.00" }),
  );
  await measure("POST /api/auth/sessions/end-others", () => visitor.json("POST", "/api/auth/sessions/end-others"));
  await measure("POST /api/auth/login", () =>
    anon.json("POST", "/api/auth/login", { email: td.email, password: "secret1", userType: "organiser" }),
  );
  // The night played out (the first player of each match wins), then finalized.
  for (let round = 0; round < 8; round++) {
    const open = toPlay(await listMatches());
    if (open.length === 0) break;
    for (const m of open) await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId: m.player1Id });
  }
  await measure("POST /api/tournaments/{id}/finalize", () =>
    td.client.json("POST", `/api/tournaments/${t.id}/finalize`),
  );
  await measureLeague(td, players[0]!, players[1]!, anon, measure);
  return results;
}

type Client = Awaited<ReturnType<typeof account>>;
type Measure = (label: string, run: () => Promise<Response>, note?: string) => Promise<void>;

/** What a call answers under `key`, or a thrown error saying what it answered instead. */
async function made<T>(response: Response, key: string): Promise<T> {
  if (response.status >= 300) throw new Error(`league setup failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Record<string, T>)[key] as T;
}

/**
 * A league's pages and calls (DESIGN §11): the secretary's season of two teams captained by two players, its fixtures
 * made, the public pages, a captain's dashboard, a card's lineups and a frame.
 */
async function measureLeague(td: Client, home: Client, away: Client, anon: Client["client"], measure: Measure) {
  const league = await made<{ id: string; slug: string }>(
    await td.client.json("POST", "/api/leagues", { name: "Bench League" }),
    "league",
  );
  const season = await made<{ id: string; slug: string }>(
    await td.client.json("POST", `/api/leagues/${league.id}/seasons`, {
      name: "Winter",
      night: "thursday",
      startDate: nextThursday(),
      format: { sections: [{ name: "Singles", frames: 1, players: 1 }], maxSinglesPerPlayer: 1 },
    }),
    "season",
  );
  const division = await made<{ id: string }>(
    await td.client.json("POST", `/api/seasons/${season.id}/divisions`, { name: "Premier" }),
    "division",
  );
  const team = async (name: string, captain: Client) =>
    made<{ id: string; captainId: string }>(
      await td.client.json("POST", `/api/seasons/${season.id}/teams`, {
        name,
        divisionId: division.id,
        venue: `The ${name}`,
        captain: { email: captain.email },
      }),
      "team",
    );
  const crown = await team("Crown", home);
  await team("Anchor", away);
  await measure("POST /api/seasons/{id}/fixtures", () => td.client.json("POST", `/api/seasons/${season.id}/fixtures`));
  const { fixtures } = (await (await anon.get(`/api/seasons/${season.slug}`)).json()) as {
    fixtures: { id: string; homeTeamId: string }[];
  };
  const fixture = fixtures[0]!;
  await measure("GET /api/seasons/{slug}", () => anon.get(`/api/seasons/${season.slug}`));
  await measure("GET /league/{slug}", () => anon.get(`/league/${league.slug}`));
  await measure("GET /league/{slug}/tv", () => anon.get(`/league/${league.slug}/tv`));
  await measure("GET /league/{slug}/teams/{id}", () => anon.get(`/league/${league.slug}/teams/${crown.id}`));
  await measure("GET /league/{slug}/teams/{id}/calendar.ics", () =>
    anon.get(`/league/${league.slug}/teams/${crown.id}/calendar.ics`),
  );
  await measure("GET /league/{slug}/honours", () => anon.get(`/league/${league.slug}/honours`));
  await measure("GET /api/leagues/{slug}/honours", () => anon.get(`/api/leagues/${league.slug}/honours`));
  await measure("GET /td/leagues", () => td.client.get("/td/leagues"));
  await measure("GET /td/leagues/{slug}/seasons/{slug}", () =>
    td.client.get(`/td/leagues/${league.slug}/seasons/${season.slug}`),
  );
  await measure("GET /player/dashboard (a league's captain)", () => home.client.get("/player/dashboard"));
  await measure("GET /api/fixtures/{id}", () => anon.get(`/api/fixtures/${fixture.id}`));
  await measure("GET /league/{slug}/fixtures/{id}/print", () =>
    anon.get(`/league/${league.slug}/fixtures/${fixture.id}/print`),
  );
  // The same one-frame format again (the lineups below are for it): a change is one guarded update.
  await measure("PATCH /api/seasons/{id} (format)", () =>
    td.client.json("PATCH", `/api/seasons/${season.id}`, {
      format: { sections: [{ name: "Singles", frames: 1, players: 1 }], maxSinglesPerPlayer: 1 },
    }),
  );
  await measure("PATCH /api/seasons/{id} (points)", () =>
    td.client.json("PATCH", `/api/seasons/${season.id}`, { points: { win: 2, draw: 1, loss: 0, frame: 1 } }),
  );
  await measure("POST /api/seasons/{id}/penalties", () =>
    td.client.json("POST", `/api/seasons/${season.id}/penalties`, { teamId: crown.id, points: 1, reason: "Bench" }),
  );
  const [homeCaptain, awayCaptain] = fixture.homeTeamId === crown.id ? [home, away] : [away, home];
  const lineup = (captain: Client, side: string) =>
    captain.client.json("PUT", `/api/fixtures/${fixture.id}/lineup`, {
      side,
      frames: [{ number: 1, playerIds: [captain.id] }],
    });
  await measure("PUT /api/fixtures/{id}/lineup", () => lineup(homeCaptain, "home"));
  await lineup(awayCaptain, "away");
  await measure("POST /api/fixtures/{id}/frames/{number}", () =>
    homeCaptain.client.json("POST", `/api/fixtures/${fixture.id}/frames/1`, { winner: "home" }),
  );
  // The card's page: its frames for anyone, and with its forms (rosters, singles counted) for a captain.
  await measure("GET /league/{slug}/fixtures/{id}", () => anon.get(`/league/${league.slug}/fixtures/${fixture.id}`));
  await measure("GET /league/{slug}/fixtures/{id} (a captain)", () =>
    homeCaptain.client.get(`/league/${league.slug}/fixtures/${fixture.id}`),
  );
  // The averages: the season's merit table, and a captain's profile with their league seasons.
  await measure("GET /api/seasons/{slug}/players", () => anon.get(`/api/seasons/${season.slug}/players`));
  await measure("GET /players/{id} (a league's captain)", () => anon.get(`/players/${homeCaptain.id}`));
}

/** The first Thursday after today (UTC), YYYY-MM-DD: a season whose fixtures are all to come. */
function nextThursday(): string {
  const day = new Date();
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 4);
  return day.toISOString().slice(0, 10);
}

/** The simulated card charged (as its confirm does) before its webhook is delivered: the provider's side alone. */
async function chargedBeforeItsWebhook(stack: Pick<Stack, "dbUrl">, intentId: string): Promise<void> {
  const sql = createClient({ url: stack.dbUrl });
  try {
    await sql.execute({
      sql: "update payments set status = 'succeeded', failure_message = null, updated_at = ? where id = ?",
      args: [Date.now(), intentId],
    });
  } finally {
    sql.close();
  }
}
