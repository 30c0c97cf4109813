// The table setup sheet (/td/tables/print) through the real Worker: who may see it, one QR code per table leading
// to that table's scoreboard, the names and codes, and a new code changing the sheet.
import { encode } from "uqr";
import { expect, test } from "vitest";
import { modulesOfQrPath, QR_OPTIONS } from "../app/features/screens/domain/qr-path.ts";
import { type Account, useFactories } from "./support/factories.ts";
import { useTestApp } from "./support/stack.ts";

const app = useTestApp();
const f = useFactories(app);

type Table = { id: string; name: string; accessCode: string };

async function addTable(td: Account, name: string): Promise<Table> {
  const response = await td.client.json("POST", "/api/tables", { name });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Table;
}

/** Each QR code in the page's HTML, as the module matrix its SVG draws (in the page's order). */
function codesIn(html: string): boolean[][][] {
  return [...html.matchAll(/<svg\b[^>]*viewBox="0 0 (\d+) \d+"[^>]*>(.*?)<\/svg>/g)]
    .filter(([svg]) => svg.includes('data-testid="table-qr"'))
    .map(([, size, inner]) => modulesOfQrPath(/<path d="([^"]*)"/.exec(inner ?? "")?.[1] ?? "", Number(size)));
}

const expected = (code: string) => encode(`${app.url}/scoreboard/${code}`, QR_OPTIONS).data;

test("only a signed-in director sees the sheet: signed out → sign in, a player → their dashboard", async () => {
  const signedOut = await app.client().get("/td/tables/print");
  expect(signedOut.status).toBe(302);
  expect(signedOut.headers.get("Location")).toBe("/login?redirectTo=%2Ftd%2Ftables%2Fprint");
  const p = await f.player();
  const refused = await p.client.get("/td/tables/print");
  expect(refused.headers.get("Location")).toBe("/player/dashboard");
  expect((await p.client.get("/td/tables/print.data")).status).not.toBe(200);
  const td = await f.organiser();
  const page = await td.client.get("/td/tables/print");
  expect(page.status).toBe(200);
  expect(page.headers.get("Cache-Control")).toBe("private, no-store");
});

test("one QR code per table, each its scoreboard address; names and codes in large type; only mine", async () => {
  const td = await f.organiser();
  const other = await f.organiser("Other Venue");
  const tables = [await addTable(td, "Table 1"), await addTable(td, "Back Room & Bar")];
  const theirs = await addTable(other, "Their Table");

  const html = await (await td.client.get("/td/tables/print")).text();
  expect(html).toContain("Table Setup Sheet");
  expect(html).toContain("Use your browser&#x27;s Print");
  const codes = codesIn(html);
  expect(codes).toHaveLength(2);
  for (const [i, table] of tables.entries()) {
    expect(codes[i], table.name).toEqual(expected(table.accessCode));
    expect(html).toContain(`${app.url}/scoreboard/${table.accessCode}`);
    expect(html).toMatch(new RegExp(`data-testid="table-code"[^>]*>${table.accessCode}</p>`));
  }
  expect(html).toContain("Back Room &amp; Bar");
  expect(html).not.toContain(theirs.accessCode);
  expect(html).not.toContain("Their Table");
});

test("a new code changes the sheet; no tables yet says so", async () => {
  const td = await f.organiser();
  const empty = await (await td.client.get("/td/tables/print")).text();
  expect(codesIn(empty)).toEqual([]);
  expect(empty).toContain("No tables yet.");

  const table = await addTable(td, "Table 1");
  const renewed = (await (await td.client.json("POST", `/api/tables/${table.id}/new-code`)).json()) as Table;
  const html = await (await td.client.get("/td/tables/print")).text();
  expect(codesIn(html)).toEqual([expected(renewed.accessCode)]);
  expect(html).not.toContain(table.accessCode);
});
