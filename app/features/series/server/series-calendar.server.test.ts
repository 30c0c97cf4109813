// A series' calendar feed (decision 030) in-process, read back with ical.js: its coming nights only (a night joining
// later too, a finished one and another series' not), soonest first, each the same event (and UID) as the night's own
// "Add to calendar" file, under the series' name. The route's headers, link and 404s are tests/season.test.ts's.
import { expect, test } from "vitest";
import { CreateSeriesSchema } from "~/features/series/domain/series.ts";
import { calendarFile, tournamentEvent } from "~/features/tournaments/server/calendar.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { readCalendar } from "../../../../test-support/calendar.js";
import { type Account, useServiceDb } from "../../../../test-support/services.ts";
import { seriesFeed, seriesFeedQuery } from "./series-calendar.server.ts";
import { createSeries } from "./use-cases.server.ts";

const s = useServiceDb();

const APP_URL = "https://breakandrun.test/";
const nextYear = new Date().getUTCFullYear() + 1;

const newSeries = (td: Account, name: string) =>
  perform(s.app, s.sender, createSeries, { organiserId: td.id, fields: CreateSeriesSchema.parse({ name }) });

test("the feed: its coming nights only, each with its own file's UID, under the series' name", async () => {
  const td = await s.organiser();
  const friday = await newSeries(td, "Friday Nines");
  const played = await s.knockout(td, await Promise.all(["Gus", "Hal"].map((n) => s.player(n))), {
    seriesId: friday.id,
    name: "Week 1",
    maxPlayers: 2,
    payoutStructure: "winner_only",
  });
  await s.finalize(td, played);
  const summer = await s.tournament(td, { seriesId: friday.id, name: "Week 3", date: `${nextYear}-07-15` });
  // Created outside the series, then joined to it: the feed has it too.
  const winter = await s.tournament(td, { name: "Week 2", date: `${nextYear}-01-14`, time: "20:00" });
  await s.edit(td, winter, { seriesId: friday.id });
  // Another series' night is not in this feed.
  await s.tournament(td, { seriesId: (await newSeries(td, "Other")).id, name: "Elsewhere" });

  const feed = await s.sender.send(seriesFeedQuery(friday.slug));
  if (!feed) throw new Error("no such series");
  const text = seriesFeed(feed, APP_URL);
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
  // The same event as the night's own "Add to calendar" file.
  const ownEvent = tournamentEvent(winter, APP_URL);
  if (!ownEvent) throw new Error("the night has an event");
  expect(readCalendar(calendarFile([ownEvent])).events).toEqual([events[0]]);

  expect(await s.sender.send(seriesFeedQuery("no-such-series"))).toBeNull();
});
