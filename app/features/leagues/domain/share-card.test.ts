import { expect, test } from "vitest";
import { escapeXml, shareCardSvg, wrapText } from "./share-card.ts";

const card = {
  home: "Crown A",
  away: "Anchor",
  homeScore: 6,
  awayScore: 3,
  status: "played",
  league: "Valley League",
  detail: "Winter · Premier · Tue 1 Sep 2026",
  link: "https://breakandrun.app/league/valley/fixtures/f1",
};

test("the special characters escaped, control characters and lone surrogates dropped", () => {
  expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
    "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
  );
  expect(escapeXml("Red\u0000 Lion\u001f")).toBe("Red Lion");
  expect(escapeXml("a\ud800b")).toBe("ab");
  expect(escapeXml("Café 🎱")).toBe("Café 🎱");
});

test("text wrapped between words, a long word cut, the rest ended with an ellipsis", () => {
  expect(wrapText("The Red Lion B", 14, 3)).toEqual(["The Red Lion B"]);
  expect(wrapText("The Queen's Head Snooker Club", 14, 3)).toEqual(["The Queen's", "Head Snooker", "Club"]);
  expect(wrapText("Supercalifragilistic", 8, 3)).toEqual(["Supercal", "ifragili", "stic"]);
  expect(wrapText("one two three four five six", 7, 2)).toEqual(["one two", "three…"]);
});

test("the card: an SVG of 1200×630 with both teams, the score, the league and the address", () => {
  const svg = shareCardSvg(card);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"')).toBe(true);
  const link = "breakandrun.app/league/valley/fixtures/f1";
  for (const text of ["Crown A", "Anchor", "6–3", "Valley League", "Winter · Premier · Tue 1 Sep 2026", link]) {
    expect(svg).toContain(text);
  }
  expect(svg).not.toContain("Awarded");
  expect(shareCardSvg({ ...card, status: "awarded" })).toContain("Awarded by the league");
});

test("a team named like markup stays text: no element, attribute or entity of its own", () => {
  const svg = shareCardSvg({ ...card, home: `<script>alert(1)</script>`, away: `"/><image href="x` });
  expect(svg).not.toContain("<script");
  expect(svg).not.toContain("<image");
  expect(svg).toContain("&lt;script&gt;");
  // The aria-label's quotes are escaped too.
  expect(svg).toMatch(/aria-label="[^"]*&quot;\/&gt;&lt;image href=&quot;x/);
});
