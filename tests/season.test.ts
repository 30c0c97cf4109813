// A player's seasons and a series' calendar feed (decisions 029, 030) through the real Worker: the seasons on a
// player's dashboard and on their public profile, and the feed's answer (its type and caching, read back with
// ical.js), its link and its 404s. Which seasons and positions (all ranked, joint places, a night not finalized
// counting for nothing) are app/features/ratings/server/player-seasons.server.test.ts's; which nights the feed holds
// is app/features/series/server/series-calendar.server.test.ts's.
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

test("a player's seasons: on their dashboard and their public profile; none for a newcomer", async () => {
  const td = await f.organiser();
  const thursday = await series(td, "Thursday 8-Ball", { qualify: 1 });
  const t = await f.createTournament(td, { seriesId: thursday.id, maxPlayers: 2, payoutStructure: "winner_only" });
  const [ann, bob] = await f.enter(t, 2, (i) => ["Ann", "Bob"][i] ?? "");
  if (!ann || !bob) throw new Error("two players");
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/start`)).status).toBe(200);
  const [final] = await f.matchesOf<Match>(t);
  expect((await td.client.json("PATCH", `/api/matches/${final?.id}`, { winnerId: ann.id })).status).toBe(200);
  expect((await td.client.json("POST", `/api/tournaments/${t.id}/finalize`)).status).toBe(200);

  const dashboard = await (await ann.client.get("/player/dashboard")).text();
  expect(dashboard).toContain("Your Seasons");
  expect(dashboard).toContain(`href="/series/${thursday.slug}"`);
  expect(seasonsOn(dashboard)).toEqual([
    "Thursday 8-Ball | 1 night played · 1 win | Qualifying | 1st of 2 | 27 points",
  ]);

  // The profile is public: anyone sees Bob's season there.
  const profile = await app.client().get(`/players/${bob.id}`);
  expect(profile.status).toBe(200);
  expect(seasonsOn(await profile.text())).toEqual(["Thursday 8-Ball | 1 night played | 2nd of 2 | 20 points"]);

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
