// The director's seed order: with JavaScript the entries are dragged into order (or moved with the
// arrow keys on a handle) and the numbers follow; without it the numbers are typed. Either way Save posts the
// same form and the draw follows it: seed 1 meets seed 4, seed 2 meets seed 3.
import { expect, type Page, test } from "@playwright/test";
import type { MatchView } from "../app/features/play/domain/play.ts";
import { createOrganiser } from "./support/accounts.ts";
import { expectAccessible } from "./support/axe.ts";
import {
  enterPaidPlayers,
  openPanel,
  scenarioTournament,
  startViaApi,
  type TournamentJson,
} from "./support/tournaments.ts";

type Match = Pick<MatchView, "round" | "matchNumber" | "player1" | "player2">;

async function manuallySeeded(page: Page) {
  await createOrganiser(page.request);
  const response = await page.request.post("/api/tournaments", {
    data: { ...scenarioTournament({ maxPlayers: 4 }), seeding: "manual" },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as TournamentJson;
}

/** The first round's pairs by name, after the start. */
async function firstRound(page: Page, t: TournamentJson): Promise<string[][]> {
  const matches = (await (await page.request.get(`/api/tournaments/${t.id}/matches`)).json()) as Match[];
  return matches
    .filter((m) => m.round === 1)
    .sort((a, b) => a.matchNumber - b.matchNumber)
    .map((m) => [m.player1?.name ?? "", m.player2?.name ?? ""]);
}

const seedField = (page: Page, name: string) => page.getByRole("spinbutton", { name, exact: true });

test.describe("with JavaScript", () => {
  test("an entry dragged with the mouse and one moved with the keyboard: the draw follows @tablet", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await manuallySeeded(page);
    const [a, b, c, d] = (await enterPaidPlayers(playwright, baseURL, t.id, 4)).map((who) => who.name) as [
      string,
      string,
      string,
      string,
    ];
    await page.goto(`/tournament/${t.slug}`);
    // The seeding folds away with the director's other panels until it is wanted.
    await openPanel(page, "Seeding");
    const list = page.getByRole("region", { name: "Seeding" });
    // The handles come with the script.
    const handle = (name: string) => list.getByRole("button", { name: new RegExp(`^Move ${name}, seed \\d+$`) });
    await expect(handle(d)).toBeVisible();
    for (const [name, seed] of [
      [a, "1"],
      [b, "2"],
      [c, "3"],
      [d, "4"],
    ] as const) {
      await expect(seedField(page, name)).toHaveValue(seed);
    }

    // Drag the fourth entry to the top: the numbers follow as it passes each row. (The pointer acts on what is
    // on screen: the list first.)
    await list.getByRole("list").scrollIntoViewIfNeeded();
    const from = await handle(d).boundingBox();
    const to = await handle(a).boundingBox();
    if (!from || !to) throw new Error("handles not laid out");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await expect(seedField(page, d)).toHaveValue("1");
    await page.mouse.up();
    await expect(list.getByText(`${d} moved to seed 1`)).toBeAttached();
    for (const [name, seed] of [
      [d, "1"],
      [a, "2"],
      [b, "3"],
      [c, "4"],
    ] as const) {
      await expect(seedField(page, name)).toHaveValue(seed);
    }

    // The keyboard: the first entry's handle, one place down; the handle keeps the focus.
    await handle(a).focus();
    await page.keyboard.press("ArrowDown");
    await expect(list.getByText(`${a} moved to seed 3`)).toBeAttached();
    await expect(handle(a)).toBeFocused();
    for (const [name, seed] of [
      [d, "1"],
      [b, "2"],
      [a, "3"],
      [c, "4"],
    ] as const) {
      await expect(seedField(page, name)).toHaveValue(seed);
    }

    await list.getByRole("button", { name: "Save order" }).click();
    await expect(page.getByText("Seeding saved")).toBeVisible();
    // The saved order comes back as the list's order.
    await expect(handle(d)).toHaveAccessibleName(`Move ${d}, seed 1`);
    await expect(handle(c)).toHaveAccessibleName(`Move ${c}, seed 4`);

    await startViaApi(page.request, t.id);
    expect(await firstRound(page, t)).toEqual([
      [d, c],
      [b, a],
    ]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the entries are numbered by hand and the draw follows", async ({ page, playwright, baseURL }) => {
    const t = await manuallySeeded(page);
    const [a, b, c, d] = (await enterPaidPlayers(playwright, baseURL, t.id, 4)).map((who) => who.name) as [
      string,
      string,
      string,
      string,
    ];
    await page.goto(`/tournament/${t.slug}`);
    // The seeding folds away with the director's other panels until it is wanted.
    await openPanel(page, "Seeding");
    const list = page.getByRole("region", { name: "Seeding" });
    await expect(list.getByText("Number the entries from 1 (top seed).")).toBeVisible();
    await expect(list.getByRole("button", { name: /^Move / })).toHaveCount(0);
    for (const [name, seed] of [
      [a, "4"],
      [b, "3"],
      [c, "1"],
      [d, "2"],
    ] as const) {
      await seedField(page, name).fill(seed);
    }
    await list.getByRole("button", { name: "Save order" }).click();
    await expect(page.getByText("Seeding saved")).toBeVisible();
    await startViaApi(page.request, t.id);
    // Seeds c, d, b, a: 1 v 4 and 2 v 3.
    expect(await firstRound(page, t)).toEqual([
      [c, a],
      [d, b],
    ]);
  });
});

test.describe("with JavaScript, while entries pay", () => {
  test("an entry paid while the list is open joins its end at once, the order dragged so far kept", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await manuallySeeded(page);
    const [a, b, c] = (await enterPaidPlayers(playwright, baseURL, t.id, 3)).map((who) => who.name) as [
      string,
      string,
      string,
    ];
    await page.goto(`/tournament/${t.slug}`);
    // The seeding folds away with the director's other panels until it is wanted.
    await openPanel(page, "Seeding");
    const list = page.getByRole("region", { name: "Seeding" });
    await expect(list.getByRole("button", { name: `Move ${c}, seed 3` })).toBeVisible();
    await list.getByRole("button", { name: `Move ${c}, seed 3` }).focus();
    await page.keyboard.press("Home");
    await expect(list.getByText(`${c} moved to seed 1`)).toBeAttached();
    const [late] = (await enterPaidPlayers(playwright, baseURL, t.id, 1)).map((who) => who.name);
    // The payment is news on the page's push channel: the list reads the entries again, the late entry last and the
    // order dragged so far kept. (A save that misses an entry is refused; tests/ covers that answer.)
    await expect(list.getByRole("button", { name: `Move ${late}, seed 4` })).toBeVisible();
    for (const [name, seed] of [
      [c, "1"],
      [a, "2"],
      [b, "3"],
      [late ?? "", "4"],
    ] as const) {
      await expect(seedField(page, name)).toHaveValue(seed);
    }
    await list.getByRole("button", { name: "Save order" }).click();
    await expect(page.getByText("Seeding saved")).toBeVisible();
    await startViaApi(page.request, t.id);
    expect(await firstRound(page, t)).toEqual([
      [c, late],
      [a, b],
    ]);
  });
});

test.describe("with JavaScript, on a touch screen", () => {
  test("an entry dragged with a finger moves too, and the list passes axe in both themes", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const t = await manuallySeeded(page);
    const [a, , , d] = (await enterPaidPlayers(playwright, baseURL, t.id, 4)).map((who) => who.name) as [
      string,
      string,
      string,
      string,
    ];
    const list = page.getByRole("region", { name: "Seeding" });
    for (const theme of ["light", "dark"] as const) {
      await page.context().addInitScript((chosen) => localStorage.setItem("theme", chosen), theme);
      await page.goto(`/tournament/${t.slug}`);
      await openPanel(page, "Seeding");
      await expect(list.getByRole("button", { name: /^Move / }).first()).toBeVisible();
      await expectAccessible(page, theme, { include: "section[aria-labelledby='seeding-heading']" });
    }
    await list.getByRole("list").scrollIntoViewIfNeeded();
    const from = await list.getByRole("button", { name: `Move ${d}, seed 4` }).boundingBox();
    const to = await list.getByRole("button", { name: `Move ${a}, seed 1` }).boundingBox();
    if (!from || !to) throw new Error("handles not laid out");
    const cdp = await page.context().newCDPSession(page);
    const x = from.x + from.width / 2;
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", y: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    const [startY, endY] = [from.y + from.height / 2, to.y + to.height / 2 - 4];
    await touch("touchStart", startY);
    for (let step = 1; step <= 10; step++) await touch("touchMove", startY + ((endY - startY) * step) / 10);
    await expect(seedField(page, d)).toHaveValue("1");
    await touch("touchEnd", endY);
    await expect(list.getByText(`${d} moved to seed 1`)).toBeAttached();
    await expect(seedField(page, a)).toHaveValue("2");
  });
});
