// A player's seasons and a series' calendar feed (decisions 029, 030) through the real Worker: the seasons on a
// player's dashboard and on their public profile, and the feed's answer (its type and caching, read back with
// ical.js), its link and its 404s. Which seasons and positions (all ranked, joint places, a night not finalized
// counting for nothing) are app/features/series/server/series.server.test.ts's (with the ranking they come from);
// which nights the feed holds is app/features/series/server/series-calendar.server.test.ts's.
import { expect, test } from "vitest";
import { readCalendar } from "../test-support/calendar.js";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Match = { id: string };

async function series(td: Account, name: string, body: Record<string, unknown> = {}) {
  const created = await td.client.json("POST", "/api/series", { name, ...body });
  expect(created.status).toBe(201);
  return ((await created.json()) as { series: { id: string; slug: string } }).series;
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

/** A two-player night of the series, `winner` beating the other, finalized. */
async function night(td: Account, seriesId: string, entrants: readonly Account[], winner: Account) {
  const t = await f.createTournament(td, { seriesId, maxPlayers: 2, payoutStructure: "winner_only" });
  for (const p of entrants) {
    const { paymentIntentId } = (await (
      await p.client.json("POST", "/api/tournaments/join", { tournamentId: t.id })
    ).json()) as { paymentIntentId: string };
    const paid = await p.client.json("POST", `/api/dev/payments/${paymentIntentId}/confirm`, {
      cardNumber: "4242424242424242",
    });
    expect(paid.status).toBe(200);
  }
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  expect((await td.client.json("PATCH", `/api/matches/${final?.id}`, { winnerId: winner.id })).status).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);
}

test("a player's seasons: on their dashboard and their public profile; none for a newcomer", async () => {
  const td = await f.organiser();
  const thursday = await series(td, "Thursday 8-Ball", { qualify: 1 });
  const [ann, bob, cat] = await Promise.all(["Ann", "Bob", "Cat"].map((name) => f.player(name)));
  if (!ann || !bob || !cat) throw new Error("three players");
  // Ann beats Bob, then Bob beats Cat: Bob 47 points, Ann 27, Cat 20.
  await night(td, thursday.id, [ann, bob], ann);
  await night(td, thursday.id, [bob, cat], bob);

  const dashboard = await (await bob.client.get("/player/dashboard")).text();
  expect(dashboard).toContain("Your Seasons");
  expect(dashboard).toContain(`href="/series/${thursday.slug}"`);
  expect(seasonsOn(dashboard)).toEqual([
    "Thursday 8-Ball | 2 nights played · 1 win | Qualifying | 1st of 3 | 47 points",
  ]);

  // The profile is public: anyone sees Cat's season there.
  const profile = await app.client().get(`/players/${cat.id}`);
  expect(profile.status).toBe(200);
  expect(seasonsOn(await profile.text())).toEqual(["Thursday 8-Ball | 1 night played | 3rd of 3 | 20 points"]);

  // A player who has played no series: no card on the dashboard, a short line on the profile.
  const newcomer = await f.player("Nia Newcomer");
  expect(await (await newcomer.client.get("/player/dashboard")).text()).not.toContain("Your Seasons");
  expect(await (await app.client().get(`/players/${newcomer.id}`)).text()).toContain("No series nights played yet.");
});

const nextYear = new Date().getUTCFullYear() + 1;

test("the series' feed: a calendar, cached a while, with the night's own UID; linked from the page; 404s", async () => {
  const td = await f.organiser();
  const friday = await series(td, "Friday Nines");
  const winter = await f.createTournament(td, {
    seriesId: friday.id,
    name: "Week 2",
    date: `${nextYear}-01-14`,
    time: "20:00",
  });

  const response = await app.client().get(`/series/${friday.slug}/calendar.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=600");
  const text = await response.text();
  expect(text).toContain("X-WR-CALNAME:Friday Nines");
  expect(text).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
  const { zones, events } = readCalendar(text);
  expect(zones).toEqual(["Europe/London"]);
  expect(events.map((e) => [e.summary, e.uid, e.start, e.tzid])).toEqual([
    ["Week 2", `tournament-${winter.id}@breakandrun`, `${nextYear}-01-14T20:00:00.000Z`, "Europe/London"],
  ]);
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
