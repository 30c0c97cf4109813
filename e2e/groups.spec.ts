// Groups into a knockout in a real browser: the director creates it
// in the form, draws it, puts a group match on a table the tablet follows,
// records every group result (the last draws the knockout), plays the
// knockout and pays out; without JavaScript the last group result draws the
// knockout too.
import { expect, test } from "@playwright/test";
import { createOrganiser } from "./support/accounts.ts";
import {
  apiMatches as matchesOf,
  enterPaidPlayers,
  recordInDialog as record,
  FAR_FRIDAY,
  fillBasics,
  openBracketTab,
  scenarioTournament,
  startViaApi,
  waitForHydrated,
} from "./support/tournaments.ts";

test("a groups evening: two groups of three, a group match on the tablet, the knockout drawn, paid", async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  await createOrganiser(page.request);

  // Create it in the form: the group settings appear with groups into a knockout.
  await page.goto("/td/create-tournament");
  await waitForHydrated(page, "form#create-tournament");
  const name = `Group Night ${Math.random().toString(36).slice(2, 7)}`;
  await fillBasics(page, { name, venue: "The Red Lion", date: FAR_FRIDAY.iso, time: "19:30" });
  await expect(page.getByLabel("Players per group")).toBeHidden();
  await page.getByLabel("Tournament type").selectOption("round_robin_tier");
  await page.getByLabel("Players per group").fill("3");
  await expect(page.getByLabel("Through from each group")).toHaveValue("2");
  await page.getByLabel("Max players").fill("6");
  await page.getByLabel("Race to (optional)").fill("5");
  await page.getByRole("button", { name: "Create Tournament" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/tournament\/group-night-/);
  const slug = new URL(page.url()).pathname.split("/")[2] as string;
  const t = (await (await page.request.get(`/api/tournaments/${slug}`)).json()) as {
    id: string;
    groupSize: number;
    advancePerGroup: number;
  };
  expect(t).toMatchObject({ groupSize: 3, advancePerGroup: 2 });
  await enterPaidPlayers(playwright, baseURL, t.id, 6);

  const table = (await (await page.request.post("/api/tables", { data: { name: "Table 1" } })).json()) as {
    accessCode: string;
  };
  const tablet = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  await tablet.goto(`/scoreboard/${table.accessCode}`);

  // The draw: two groups with their tables, and the knockout still to come.
  await page.goto(`/tournament/${slug}`);
  await page.getByRole("link", { name: "Start Tournament" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Start Tournament" }).click();
  await expect(page.getByTestId("toast")).toContainText("Tournament started");
  // The director lands on the floor; the bracket is the next tab.
  await openBracketTab(page);
  for (const heading of ["Group A", "Group B", "Knockout"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("group-a-standings").locator("tbody tr")).toHaveCount(3);
  await expect(page.getByTestId("knockout-pending")).toContainText("the top 2 of each group go through");

  // A group match on Table 1: the tablet names the group and round.
  const groupMatches = (await matchesOf(page.request, t.id)).filter((m) => m.bracket === "group");
  expect(groupMatches).toHaveLength(6);
  const [tabled] = groupMatches;
  if (!tabled) throw new Error("no group match");
  await page.goto(`/tournament/${slug}?tab=bracket`);
  const card = page.getByRole("article", { name: `${tabled.label}, match ${tabled.matchNumber}` });
  await card.getByLabel(`Table for match ${tabled.matchNumber}`).selectOption({ label: "Table 1" });
  await card.getByRole("button", { name: "Set table" }).click();
  await expect(page.getByTestId("toast")).toContainText("Table assigned");
  await expect(tablet.getByTestId("match-label")).toHaveText(
    `${tabled.label} · Match ${tabled.matchNumber} · Race to 5`,
    {
      timeout: 15_000,
    },
  );

  // Every group result, player 1 winning: the last one draws the knockout.
  for (const m of groupMatches) await record(page, slug, m, m.player1?.name as string);
  await page.goto(`/tournament/${slug}?tab=bracket`);
  await expect(page.getByTestId("knockout-pending")).toHaveCount(0);
  for (const heading of ["Semi-Finals", "Final"]) {
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Through", { exact: true })).toHaveCount(4);

  // The knockout: player 1 wins.
  for (const label of ["Semi-Finals", "Final"]) {
    const ready = (await matchesOf(page.request, t.id)).filter((m) => m.label === label && m.status !== "completed");
    for (const m of ready) await record(page, slug, m, m.player1?.name as string);
  }

  // Finalize: 6 × £9 = £54 → 70% / 30%.
  await page.goto(`/tournament/${slug}`);
  await page.getByRole("link", { name: "Finalize & Pay Out" }).click();
  const rows = page.getByRole("dialog", { name: "Confirm payouts" }).getByTestId("payout-preview").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("£37.80");
  await expect(rows.nth(1)).toContainText("£16.20");
  await page.getByRole("button", { name: "Confirm Payouts" }).click();
  await expect(page.getByTestId("toast")).toContainText("Payouts confirmed");
  const standings = (await (await page.request.get(`/api/tournaments/${t.id}/standings`)).json()) as {
    place: string;
    group: string;
  }[];
  expect(standings.map((row) => row.place)).toEqual(["1", "2", "3-4", "3-4", "5-6", "5-6"]);
  expect(standings.every((row) => row.group === "A" || row.group === "B")).toBe(true);
  await tablet.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the last group result, recorded in the dialog, draws the knockout", async ({ page, playwright, baseURL }) => {
    await createOrganiser(page.request);
    const created = await page.request.post("/api/tournaments", {
      data: { ...scenarioTournament({ maxPlayers: 6 }), tournamentType: "round_robin_tier", groupSize: 3 },
    });
    const t = (await created.json()) as { id: string; slug: string };
    await enterPaidPlayers(playwright, baseURL, t.id, 6);
    await startViaApi(page.request, t.id);
    const groupMatches = (await matchesOf(page.request, t.id)).filter((m) => m.bracket === "group");
    const last = groupMatches.pop();
    if (!last) throw new Error("no group matches");
    for (const m of groupMatches) {
      expect((await page.request.patch(`/api/matches/${m.id}`, { data: { winnerId: m.player1Id } })).status()).toBe(
        200,
      );
    }
    await page.goto(`/tournament/${t.slug}?tab=bracket`);
    await expect(page.getByTestId("knockout-pending")).toBeVisible();
    await record(page, t.slug, last, last.player2?.name as string);
    await expect(page.getByTestId("knockout-pending")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Semi-Finals", exact: true })).toBeVisible();
    const knockout = (await matchesOf(page.request, t.id)).filter((m) => m.bracket === "knockout");
    expect(knockout.map((m) => m.label)).toEqual(["Semi-Finals", "Semi-Finals", "Final"]);
  });
});
