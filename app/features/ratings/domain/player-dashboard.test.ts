import { expect, test } from "vitest";
import { comingUp, noneOpenText, openToEnter } from "./player-dashboard.ts";

const now = Date.UTC(2026, 0, 15, 12);
const t = (id: string, over: Partial<Parameters<typeof openToEnter>[0][number]> = {}) => ({
  id,
  status: "open" as const,
  registrationDeadline: null,
  maxPlayers: 8,
  placesTaken: 3,
  date: "2026-01-22",
  time: "19:30",
  ...over,
});

test("Open lists what the player can enter now: not a full one, nor one whose deadline has passed", () => {
  const open = t("open");
  const lastPlace = t("last-place", { placesTaken: 7 });
  const full = t("full", { placesTaken: 8 });
  // Held by players paying now, or promised to reserves: full too, until a place frees.
  const heldFull = t("held-full", { maxPlayers: 4, placesTaken: 4 });
  const closed = t("closed", { registrationDeadline: now - 1 });
  const { open: listed, elsewhere } = openToEnter([open, lastPlace, full, heldFull, closed], now);
  expect(listed.map((x) => x.id)).toEqual(["open", "last-place"]);
  expect(elsewhere).toBe(3);
  // A deadline still to come keeps it open.
  expect(openToEnter([t("later", { registrationDeadline: now + 60_000 })], now)).toEqual({
    open: [expect.objectContaining({ id: "later" })],
    elsewhere: 0,
  });
  expect(openToEnter([], now)).toEqual({ open: [], elsewhere: 0 });
});

test("the player's own tournaments before they start, soonest first; started and finished ones are not", () => {
  const rows = [
    t("next-week", { date: "2026-01-29", time: "19:00" }),
    t("tonight-late", { date: "2026-01-15", time: "21:00" }),
    t("playing", { status: "in_progress", date: "2026-01-14" }),
    t("tonight", { date: "2026-01-15", time: "19:30" }),
    t("done", { status: "finished", date: "2026-01-01" }),
    // A full one the player is in is still theirs.
    t("full-mine", { date: "2026-01-20", placesTaken: 8 }),
  ];
  expect(comingUp(rows).map((x) => x.id)).toEqual(["tonight", "tonight-late", "full-mine", "next-week"]);
  // The list it was given is left as it was (the page uses it for other sections).
  expect(rows[0]?.id).toBe("next-week");
});

test("an empty Open never tells a player entered in an open tournament that there are none", () => {
  expect(noneOpenText({ searched: false, entered: 0 })).toBe(
    "There are no open tournaments at the moment. Check back soon!",
  );
  expect(noneOpenText({ searched: true, entered: 0 })).toBe("No open tournaments match your search.");
  expect(noneOpenText({ searched: false, entered: 1 })).toBe(
    "No other tournaments are open to enter at the moment: yours is under Coming Up.",
  );
  expect(noneOpenText({ searched: false, entered: 2 })).toBe(
    "No other tournaments are open to enter at the moment: yours are under Coming Up.",
  );
  expect(noneOpenText({ searched: true, entered: 1 })).toBe(
    "No other open tournaments match your search: yours is under Coming Up.",
  );
});

test("on the tournaments page the player's own are under My Tournaments", () => {
  expect(noneOpenText({ searched: false, entered: 1, under: "My Tournaments" })).toBe(
    "No other tournaments are open to enter at the moment: yours is under My Tournaments.",
  );
});
