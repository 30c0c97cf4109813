// The table setup sheet (/td/tables/print): each QR code read back to its table's scoreboard address, the sheet
// printed at A4 landscape (two tables a page, no buttons, black on white in the dark theme too), and the page without
// JavaScript.
//
// Each code is read twice: scanned — the browser draws the SVG on a canvas and jsQR, a decoder that shares nothing
// with the encoder, reads the pixels back to the address, as a tablet's camera would — and matched module for
// module: the SVG's path read back to its matrix (`modulesOfQrPath`) equals uqr's own encoding of the address with
// the options the server uses. A code for any other text (another table's code, another host) has another matrix.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createRequire } from "node:module";
import { encode } from "uqr";
import { modulesOfQrPath, QR_OPTIONS } from "../app/features/screens/domain/qr-path.ts";
import { createOrganiser, createPlayer } from "./support/accounts.ts";

type Table = { id: string; name: string; accessCode: string };

async function addTables(request: APIRequestContext, names: string[]): Promise<Table[]> {
  const tables: Table[] = [];
  for (const name of names) {
    const response = await request.post("/api/tables", { data: { name } });
    expect(response.status(), await response.text()).toBe(201);
    tables.push((await response.json()) as Table);
  }
  return tables;
}

/** Each QR code on the page, as the module matrix its SVG draws. */
async function codesOnPage(page: Page): Promise<boolean[][][]> {
  const svgs = page.getByTestId("table-qr");
  const drawn: boolean[][][] = [];
  for (const svg of await svgs.all()) {
    const viewBox = (await svg.getAttribute("viewBox")) ?? "";
    const size = Number(viewBox.split(" ")[2]);
    const path = (await svg.locator("path").getAttribute("d")) ?? "";
    drawn.push(modulesOfQrPath(path, size));
  }
  return drawn;
}

// jsQR is CommonJS whose types declare an ES default export: required, it is the function itself.
const jsQR = createRequire(import.meta.url)("jsqr") as typeof import("jsqr").default;

/** The side of the canvas each code is drawn on, and the white margin around it. */
const SCAN = { size: 264, margin: 24 } as const;

/**
 * Each QR code on the page as a camera would read it: drawn by the browser on a white canvas, decoded by jsQR. The
 * page sends each drawing as one grey byte a pixel in base64 (an array of numbers would be megabytes of JSON).
 */
async function scannedOnPage(page: Page): Promise<(string | null)[]> {
  const images = await page.getByTestId("table-qr").evaluateAll(async (svgs, { size, margin }) => {
    const side = size + 2 * margin;
    const drawings: string[] = [];
    for (const svg of svgs) {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = side;
      canvas.height = side;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2D canvas");
      context.fillStyle = "#fff";
      context.fillRect(0, 0, side, side);
      context.drawImage(image, margin, margin, size, size);
      const rgba = context.getImageData(0, 0, side, side).data;
      let grey = "";
      for (let i = 0; i < rgba.length; i += 4) {
        grey += String.fromCharCode(Math.round((rgba[i]! + rgba[i + 1]! + rgba[i + 2]!) / 3));
      }
      drawings.push(btoa(grey));
    }
    return drawings;
  }, SCAN);
  const side = SCAN.size + 2 * SCAN.margin;
  return images.map((drawing) => {
    const grey = Buffer.from(drawing, "base64");
    const rgba = new Uint8ClampedArray(grey.length * 4);
    for (const [i, value] of grey.entries()) rgba.set([value, value, value, 255], i * 4);
    return jsQR(rgba, side, side)?.data ?? null;
  });
}

const scoreboardAddress = (baseURL: string | undefined, code: string) => `${baseURL}/scoreboard/${code}`;

test("every table's QR code leads to its scoreboard; a new code changes the sheet @tablet", async ({
  page,
  baseURL,
}) => {
  await createOrganiser(page.request);
  const tables = await addTables(page.request, ["Table 1", "Table 2", "The Back Table"]);
  await page.goto("/td/tables");
  await page.getByRole("link", { name: "Print the setup sheet" }).click();
  // The sheet's loader draws every code before the page changes: on a busy machine that passes 5 s (liveness).
  await expect(page).toHaveURL(/\/td\/tables\/print$/, { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Table Setup Sheet" })).toBeVisible();

  // Scanned: each code reads back to its table's scoreboard address.
  expect(await scannedOnPage(page)).toEqual(tables.map((table) => scoreboardAddress(baseURL, table.accessCode)));
  const drawn = await codesOnPage(page);
  expect(drawn).toHaveLength(tables.length);
  for (const [i, table] of tables.entries()) {
    const expected = encode(scoreboardAddress(baseURL, table.accessCode), QR_OPTIONS).data;
    expect(drawn[i], table.name).toEqual(expected);
    const part = page.getByRole("region", { name: table.name });
    await expect(part.getByTestId("table-code")).toHaveText(table.accessCode);
    await expect(part).toContainText(scoreboardAddress(baseURL, table.accessCode));
  }
  // Not just any code: another table's address draws another matrix.
  expect(drawn[0]).not.toEqual(encode(scoreboardAddress(baseURL, tables[1]!.accessCode), QR_OPTIONS).data);

  // The address scanned is the tablet's scoreboard for that table.
  await page.goto(scoreboardAddress(baseURL, tables[0]!.accessCode));
  await expect(page.getByText("Table 1").first()).toBeVisible();

  // Off the scoreboard before its code changes (the tablet's page reloads itself when its code goes).
  await page.goto("/td/tables/print");
  const renewed = (await (await page.request.post(`/api/tables/${tables[0]!.id}/new-code`)).json()) as Table;
  expect(renewed.accessCode).not.toBe(tables[0]!.accessCode);
  await page.reload();
  expect((await scannedOnPage(page))[0]).toBe(scoreboardAddress(baseURL, renewed.accessCode));
  const [first] = await codesOnPage(page);
  expect(first).toEqual(encode(scoreboardAddress(baseURL, renewed.accessCode), QR_OPTIONS).data);
  await expect(page.getByText(tables[0]!.accessCode)).toHaveCount(0);
});

for (const theme of ["light", "dark"] as const) {
  test(`printed at A4 landscape: two tables a page, no buttons, black on white (${theme}) @tablet`, async ({
    page,
  }) => {
    await page.context().addInitScript((t) => localStorage.setItem("theme", t), theme);
    await createOrganiser(page.request);
    await addTables(page.request, ["Table 1", "The Long Back Room Table By The Dartboard", "Table 3"]);
    await page.goto("/td/tables/print");
    await expect(page.locator("html")).toHaveClass(new RegExp(theme));
    await expect(page.getByRole("button", { name: "Print" })).toBeVisible(); // hydrated

    // 297 × 210 mm at 96 px an inch.
    await page.setViewportSize({ width: 1123, height: 794 });
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(page.getByRole("link", { name: "← Back to tables" })).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
    const colours = await page.evaluate(() => {
      const part = document.querySelector(".sheet-table");
      const code = document.querySelector(".sheet-code");
      return {
        body: getComputedStyle(document.body).backgroundColor,
        part: part ? getComputedStyle(part).backgroundColor : null,
        code: code ? getComputedStyle(code).color : null,
      };
    });
    expect(colours).toEqual({ body: "rgb(255, 255, 255)", part: "rgb(255, 255, 255)", code: "rgb(0, 0, 0)" });
    // Two tables side by side on the first page, each QR code 92 mm (348 px) wide.
    const [one, two] = await page.locator(".sheet-table").all();
    const a = (await one!.boundingBox())!;
    const b = (await two!.boundingBox())!;
    expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    expect((await page.getByTestId("table-qr").first().boundingBox())!.width).toBeCloseTo(348, -1);
    if (process.env.PRINT_SHOTS) {
      await page.screenshot({ path: `${process.env.PRINT_SHOTS}/tables-print-a4-${theme}.png`, fullPage: true });
    }
    // Each pair is one page: a break after it, and it fits A4 landscape's 190 mm (718 px) inside the margins, its
    // parts (a three-line name too) inside it.
    const pages = await page.locator(".sheet-page").evaluateAll((els) =>
      els.map((el) => ({
        breakAfter: getComputedStyle(el).breakAfter,
        height: el.getBoundingClientRect().height,
        overflows: [...el.children].some((part) => part.scrollHeight > part.clientHeight + 1),
      })),
    );
    expect(pages).toHaveLength(2);
    for (const sheet of pages) {
      expect(sheet.breakAfter).toMatch(/page|auto/);
      expect(sheet.height).toBeLessThanOrEqual(718);
      expect(sheet.overflows).toBe(false);
    }
    expect(pages[0]!.breakAfter).toBe("page");

    // As printed: three tables on two A4 landscape pages.
    const pdf = await page.pdf({ format: "A4", landscape: true, preferCSSPageSize: true });
    expect(pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(2);
  });
}

test("signed out → sign in; a player is sent to their dashboard", async ({ page, browser }) => {
  await page.goto("/td/tables/print");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Ftd%2Ftables%2Fprint/);
  const player = await browser.newContext();
  const playerPage = await player.newPage();
  await createPlayer(playerPage.request);
  await playerPage.goto("/td/tables/print");
  await expect(playerPage).toHaveURL(/\/player\/dashboard$/);
  await player.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page is the sheet and says to use the browser's Print", async ({ page, baseURL }) => {
    await createOrganiser(page.request);
    const [table] = await addTables(page.request, ["Table 1"]);
    await page.goto("/td/tables/print");
    await expect(page.getByTestId("print-hint")).toHaveText(/Use your browser's Print/);
    await expect(page.getByRole("button", { name: "Print" })).toHaveCount(0);
    const [drawn] = await codesOnPage(page);
    expect(drawn).toEqual(encode(scoreboardAddress(baseURL, table!.accessCode), QR_OPTIONS).data);
  });
});
