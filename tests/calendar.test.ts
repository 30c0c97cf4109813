// "Add to calendar" (decision 030) through the real Worker: /tournament/{slug}/calendar.ics, read back with ical.js —
// the start at the venue's time in winter (GMT) and summer (BST) by the file's own VTIMEZONE, a UID that an edit keeps,
// the name, venue and page; linked from the tournament page and the player's entries; a 404 for an unknown slug.
import { expect, test } from "vitest";
import { readCalendar } from "../test-support/calendar.js";
import { useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

const calendar = async (slug: string) => {
  const response = await app.client().get(`/tournament/${slug}/calendar.ics`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${slug}.ics"`);
  const { zones, events } = readCalendar(await response.text());
  expect(zones).toEqual(["Europe/London"]);
  expect(events).toHaveLength(1);
  return events[0]!;
};

const nextYear = new Date().getUTCFullYear() + 1;

test("a winter night at 19:30 is 19:30Z, a summer one 18:30Z; the UID survives a fetch and an edit", async () => {
  const td = await f.organiser();
  const winter = await f.createTournament(td, {
    name: "Thursday 8-Ball",
    venue: "The Red Lion, Leeds",
    date: `${nextYear}-01-14`,
    time: "19:30",
  });
  const first = await calendar(winter.slug);
  expect(first).toMatchObject({
    uid: `tournament-${winter.id}@breakandrun`,
    start: `${nextYear}-01-14T19:30:00.000Z`,
    end: `${nextYear}-01-14T23:30:00.000Z`,
    tzid: "Europe/London",
    summary: "Thursday 8-Ball",
    location: "The Red Lion, Leeds",
    url: `${app.url}/tournament/${winter.slug}`,
    status: "CONFIRMED",
  });
  expect(first.description).toContain("Entry: £11.00 — £10.00 entry + £1.00 booking fee");
  expect((await calendar(winter.slug)).uid).toBe(first.uid);

  const moved = await td.client.json("PATCH", `/api/tournaments/${winter.id}`, { time: "20:00" });
  expect(moved.status, await moved.clone().text()).toBe(200);
  const after = await calendar(winter.slug);
  expect([after.uid, after.start]).toEqual([first.uid, `${nextYear}-01-14T20:00:00.000Z`]);

  const summer = await f.createTournament(td, { date: `${nextYear}-07-15`, time: "19:30" });
  const bst = await calendar(summer.slug);
  expect([bst.start, bst.end]).toEqual([`${nextYear}-07-15T18:30:00.000Z`, `${nextYear}-07-15T22:30:00.000Z`]);
  expect(bst.uid).toBe(`tournament-${summer.id}@breakandrun`);
});

test("linked from the tournament page and the player's entry; public; an unknown or absurd slug → 404", async () => {
  const td = await f.organiser();
  const t = await f.createTournament(td, { name: "Linked Night" });
  const href = `href="/tournament/${t.slug}/calendar.ics" download=""`;
  expect(await (await app.client().get(`/tournament/${t.slug}`)).text()).toContain(href);
  const [player] = await f.enter(t, 1);
  expect(await (await player!.client.get("/player/tournaments?tab=registered")).text()).toContain(href);
  // Signed in or not, the same file.
  expect((await player!.client.get(`/tournament/${t.slug}/calendar.ics`)).status).toBe(200);
  for (const slug of ["no-such-tournament", "x".repeat(300), "%00"]) {
    expect((await app.client().get(`/tournament/${slug}/calendar.ics`)).status, slug).toBe(404);
  }
});
