// A player's seasons (decision 029) in-process: the one read their dashboard and profile show — every series they
// hold a place in, with their position among all ranked, points, nights and wins — where a night not finalized counts
// for nothing. How the pages show it is tests/season.test.ts's.
import { expect, test } from "vitest";
import { CreateSeriesSchema } from "~/features/series/domain/series.ts";
import { createSeries } from "~/features/series/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import { playerSeasonsQuery } from "./player-seasons.server.ts";

const s = useServiceDb();

const newSeries = (td: Account, body: Record<string, unknown>) =>
  perform(s.app, s.sender, createSeries, { organiserId: td.id, fields: CreateSeriesSchema.parse(body) });

const seasons = (p: Account) => s.sender.send(playerSeasonsQuery(p.id));

test("each season: position of all ranked, points, nights, wins; a night not yet played counts nothing", async () => {
  const td = await s.organiser();
  const thursday = await newSeries(td, { name: "Thursday 8-Ball", qualify: 2 });
  const [ann, bob, cat, dan, eve] = await Promise.all(["Ann", "Bob", "Cat", "Dan", "Eve"].map((n) => s.player(n)));
  if (!ann || !bob || !cat || !dan || !eve) throw new Error("five players");
  // Night 1: Ann, Bob, then Cat and Dan. Night 2: Cat, Eve, then Ann and Bob. Ann 41 and Cat 41 share 1st, Bob 34,
  // Eve 20, Dan 14.
  await s.finalize(td, await s.knockout(td, [ann, bob, cat, dan], { seriesId: thursday.id, name: "Week 1" }));
  await s.finalize(td, await s.knockout(td, [cat, eve, ann, bob], { seriesId: thursday.id, name: "Week 2" }));
  // Another series where Ann has only entered a night not played yet: it scores nothing, so it is not listed.
  const monday = await newSeries(td, { name: "Monday Nines" });
  await s.enterAs(await s.tournament(td, { seriesId: monday.id, maxPlayers: 4 }), [ann]);

  const season = { slug: thursday.slug, name: "Thursday 8-Ball", of: 5 };
  expect(await seasons(ann)).toEqual([
    { ...season, positionText: "Joint 1st of 5", position: 1, points: 41, played: 2, wins: 1, qualifies: true },
  ]);
  expect(await seasons(bob)).toEqual([
    { ...season, positionText: "3rd of 5", position: 3, points: 34, played: 2, wins: 0, qualifies: false },
  ]);
  expect(await seasons(dan)).toEqual([
    { ...season, positionText: "5th of 5", position: 5, points: 14, played: 1, wins: 0, qualifies: false },
  ]);
  // A player who has played no series has no seasons.
  expect(await seasons(await s.player("Nia Newcomer"))).toEqual([]);
});
