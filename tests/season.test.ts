// A player's seasons and a series' calendar feed (decisions 029, 030) through the real Worker and database: a player's
// seasons on their dashboard and profile (position of all ranked, points, nights; a night not finalized counts for
// nothing), and a series' calendar feed read back with ical.js (its coming nights only, each with its own file's UID,
// under the series' name).
import { expect, test } from "vitest";
import { readCalendar } from "../test-support/calendar.js";
import { type Account, type TournamentJson, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string; player1Id: string | null; player2Id: string | null; status: string };

async function series(td: Account, name: string, body: Record<string, unknown> = {}) {
  const created = await td.client.json("POST", "/api/series", { name, ...body });
  expect(created.status).toBe(201);
  return ((await created.json()) as { series: { id: string; slug: string } }).series;
}

/** Existing players join and pay for `t`. */
async function enterAs(t: TournamentJson, entrants: readonly Account[]) {
  for (const p of entrants) {
    const join = await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id });
    expect(join.status, await join.clone().text()).toBe(200);
    const { paymentIntentId } = (await join.json()) as { paymentIntentId: string };
    const paid = await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
  }
}

/** A four-player knockout seeded in the order given, the stronger (earlier) player winning every match, finalized. */
async function finalizedNight(td: Account, entrants: readonly Account[], body: Record<string, unknown>) {
  const t = await f.createTournament(td, { maxPlayers: 4, seeding: "manual", ...body });
  await enterAs(t, entrants);
  const seeds = await td.client.json("PUT", `/api/tournaments/${t.id}/seeds`, { order: entrants.map((p) => p.id) });
  expect(seeds.status, await seeds.clone().text()).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const strength = (id: string | null) => entrants.findIndex((p) => p.id === id);
  for (let round = 0; round < 2; round++) {
    const playable = (await f.matchesOf<Match>(t)).filter(
      (m) => m.status !== "completed" && m.player1Id && m.player2Id,
    );
    for (const m of playable) {
      const winnerId = strength(m.player1Id) < strength(m.player2Id) ? m.player1Id : m.player2Id;
      const r = await td.client.json("PATCH", `/api/matches/${m.id}`, { winnerId, status: "completed" });
      expect(r.status, await r.clone().text()).toBe(200);
    }
  }
  const done = await td.client.json("POST", `/api/tournaments/${t.id}/finalize`);
  expect(done.status, await done.clone().text()).toBe(200);
  return t;
}

/** The seasons list of a page, each as "name | position | points | nights" (React's text separators removed). */
const seasonsOn = (html: string) =>
  [...html.matchAll(/<li[^>]*>\s*<span class="min-w-0">(.*?)<\/li>/gs)].map(([, row]) =>
    (row ?? "")
      .replace(/<!-- -->/g, "")
      .split(/<[^>]+>/)
      .map((s) => s.trim())
      .filter((s) => s !== "")
      .join(" | "),
  );

test("a player's seasons: on their dashboard and profile, with position of all ranked, points and nights", async () => {
  const td = await f.organiser();
  const thursday = await series(td, "Thursday 8-Ball", { qualify: 2 });
  const [ann, bob, cat, dan, eve] = await Promise.all(["Ann", "Bob", "Cat", "Dan", "Eve"].map((n) => f.player(n)));
  if (!ann || !bob || !cat || !dan || !eve) throw new Error("five players");
  // Night 1: Ann, Bob, then Cat and Dan. Night 2: Cat, Eve, then Ann and Bob. Ann 41 and Cat 41 share 1st, Bob 34,
  // Eve 20, Dan 14.
  await finalizedNight(td, [ann, bob, cat, dan], { seriesId: thursday.id, name: "Week 1" });
  await finalizedNight(td, [cat, eve, ann, bob], { seriesId: thursday.id, name: "Week 2" });
  // Another series where Ann has only entered a night not played yet: it scores nothing, so it is not listed.
  const monday = await series(td, "Monday Nines");
  await enterAs(await f.createTournament(td, { seriesId: monday.id, maxPlayers: 4 }), [ann]);

  const dashboard = await (await ann.client.get("/player/dashboard")).text();
  expect(dashboard).toContain("Your Seasons");
  expect(dashboard).toContain(`href="/series/${thursday.slug}"`);
  expect(seasonsOn(dashboard)).toEqual([
    "Thursday 8-Ball | 2 nights played · 1 win | Qualifying | Joint 1st of 5 | 41 points",
  ]);
  expect(dashboard).not.toContain("Monday Nines");

  // The profile is public: anyone sees Bob's season there.
  const profile = await app.client().get(`/players/${bob.id}`);
  expect(profile.status).toBe(200);
  expect(seasonsOn(await profile.text())).toEqual(["Thursday 8-Ball | 2 nights played | 3rd of 5 | 34 points"]);
  expect(seasonsOn(await (await app.client().get(`/players/${dan.id}`)).text())).toEqual([
    "Thursday 8-Ball | 1 night played | 5th of 5 | 14 points",
  ]);

  // A player who has played no series: no card on the dashboard, a short line on the profile.
  const newcomer = await f.player("Nia Newcomer");
  expect(await (await newcomer.client.get("/player/dashboard")).text()).not.toContain("Your Seasons");
  expect(await (await app.client().get(`/players/${newcomer.id}`)).text()).toContain("No series nights played yet.");
});

const nextYear = new Date().getUTCFullYear() + 1;

test("the series' feed: its coming nights only, each with its own file's UID, under the series' name", async () => {
  const td = await f.organiser();
  const friday = await series(td, "Friday Nines");
  const players = await Promise.all(["Gus", "Hal", "Ida", "Jo"].map((n) => f.player(n)));
  const played = await finalizedNight(td, players, { seriesId: friday.id, name: "Week 1" });
  const summer = await f.createTournament(td, {
    seriesId: friday.id,
    name: "Week 3",
    date: `${nextYear}-07-15`,
    time: "19:30",
  });
  // Created outside the series, then joined to it: the feed has it too.
  const winter = await f.createTournament(td, { name: "Week 2", date: `${nextYear}-01-14`, time: "20:00" });
  expect((await td.client.json("PATCH", `/api/tournaments/${winter.id}`, { seriesId: friday.id })).status).toBe(200);
  // Another series' night is not in this feed.
  await f.createTournament(td, { seriesId: (await series(td, "Other")).id, name: "Elsewhere" });

  const response = await app.client().get(`/series/${friday.slug}/calendar.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=600");
  const text = await response.text();
  expect(text).toContain("X-WR-CALNAME:Friday Nines");
  expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
  const { zones, events } = readCalendar(text);
  expect(zones).toEqual(["Europe/London"]);
  // Week 1 is finished: not in the feed. 20:00 in January is 20:00Z, 19:30 in July 18:30Z.
  expect(events.map((e) => [e.summary, e.uid, e.start, e.tzid])).toEqual([
    ["Week 2", `tournament-${winter.id}@breakandrun`, `${nextYear}-01-14T20:00:00.000Z`, "Europe/London"],
    ["Week 3", `tournament-${summer.id}@breakandrun`, `${nextYear}-07-15T18:30:00.000Z`, "Europe/London"],
  ]);
  expect(text).not.toContain(played.id);
  // The same UID as the night's own "Add to calendar" file.
  const own = readCalendar(await (await app.client().get(`/tournament/${winter.slug}/calendar.ics`)).text());
  expect(own.events[0]?.uid).toBe(events[0]?.uid);

  // Linked from the series page; an unknown or absurd slug → 404.
  expect(await (await app.client().get(`/series/${friday.slug}`)).text()).toContain(
    `href="/series/${friday.slug}/calendar.ics"`,
  );
  for (const slug of ["no-such-series", "x".repeat(300)]) {
    expect((await app.client().get(`/series/${slug}/calendar.ics`)).status, slug).toBe(404);
  }
});
