// A played fixture's share card (DESIGN §11): the result as an image for a team's WhatsApp group — the two teams and
// the score, the league, division and night, and the card's address. 1200×630, the size link previews use, so one
// picture reads in a chat at full width and could serve as a preview. An SVG drawn from text; every piece of text
// escaped, so a team's name can never become markup. Pure.

export const SHARE_CARD = { width: 1200, height: 630 } as const;

/** The system's sans-serif, as the site's own (no web font: the image is drawn wherever it is opened). */
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** Text as XML character data or an attribute's value: the five special characters, and no control character. */
export function escapeXml(text: string): string {
  return (
    text
      // XML 1.0 allows no C0 control but tab, line feed and carriage return, nor a lone surrogate.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it takes out
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/**
 * `text` in at most `lines` lines of about `width` characters, broken between words (a word longer than a line is
 * cut); what does not fit ends the last line with "…".
 */
export function wrapText(text: string, width: number, lines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= width) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = word;
    while ([...line].length > width) {
      out.push([...line].slice(0, width).join(""));
      line = [...line].slice(width).join("");
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  const last = [...(kept[lines - 1] as string)];
  kept[lines - 1] = `${last.slice(0, Math.max(0, width - 1)).join("")}…`;
  return kept;
}

export type ShareCardInput = {
  home: string;
  away: string;
  homeScore: number;
  awayScore: number;
  /** "awarded": the secretary decided it; said on the card. */
  status: string;
  league: string;
  /** "Winter 2026 · Premier · Thu 4 Dec 2026". */
  detail: string;
  /** The card's address, shown as text (the image is a picture: nothing in it is a link). */
  link: string;
};

/**
 * The sizes a team's name is tried at, largest first: the font size and the characters a line holds, in the 360 px
 * beside the score (counted for a wide bold sans — DejaVu's, where no narrower system font is — about 0.68 em a
 * character), and the lines it may take.
 */
const NAME_SIZES = [
  { size: 56, width: 10, lines: 1 },
  { size: 44, width: 12, lines: 2 },
  { size: 36, width: 15, lines: 3 },
] as const;

/** One team's name, centred on `x`, its lines' middle at y 312: as large as it fits whole, else cut short. */
function teamName(name: string, x: number): string {
  const fits = NAME_SIZES.find((s) => !wrapText(name, s.width, s.lines + 1)[s.lines]);
  const { size, width, lines: most } = fits ?? NAME_SIZES[2];
  const lines = wrapText(name, width, most);
  const top = 312 - ((lines.length - 1) * size * 1.1) / 2;
  const spans = lines
    .map((l, i) => `<tspan x="${x}" y="${Math.round(top + i * size * 1.1)}">${escapeXml(l)}</tspan>`)
    .join("");
  return `<text text-anchor="middle" dominant-baseline="middle" font-size="${size}" font-weight="700">${spans}</text>`;
}

/** The share card as an SVG document. */
export function shareCardSvg(card: ShareCardInput): string {
  const { width, height } = SHARE_CARD;
  const score = `${card.homeScore}–${card.awayScore}`;
  // Lines of the full width (1056 px): the league's at 40 px bold, the detail's at 28, the address's at 18.
  const league = wrapText(card.league, 38, 1)[0] ?? "";
  const detail = wrapText(card.detail, 62, 1)[0] ?? "";
  // The address without its scheme (a chat makes a link of it either way): the fixture's id is long.
  const link = wrapText(card.link.replace(/^https?:\/\//, ""), 100, 1)[0] ?? "";
  // A score of four characters or more ("10–8") is drawn smaller, to stay clear of the names.
  const scoreSize = [...score].length > 3 ? 100 : 132;
  const label = escapeXml(`${card.home} ${score} ${card.away}, ${card.league}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"`,
    ` role="img" aria-label="${label}" font-family="${FONT}">`,
    `<rect width="${width}" height="${height}" fill="#022c1a"/>`,
    `<rect x="24" y="24" width="${width - 48}" height="${height - 48}" rx="28" fill="#064e30"/>`,
    `<text x="72" y="100" font-size="40" font-weight="800" fill="#ffffff">${escapeXml(league)}</text>`,
    `<text x="72" y="148" font-size="28" fill="#a7f3c6">${escapeXml(detail)}</text>`,
    `<g fill="#ffffff">${teamName(card.home, 280)}${teamName(card.away, 920)}</g>`,
    `<text x="600" y="324" text-anchor="middle" dominant-baseline="middle" font-size="${scoreSize}" font-weight="800"`,
    ` fill="#facc15">${escapeXml(score)}</text>`,
    card.status === "awarded"
      ? `<text x="600" y="428" text-anchor="middle" font-size="28" fill="#d1fae1">Awarded by the league</text>`
      : "",
    `<text x="72" y="500" font-size="18" fill="#d1fae1">${escapeXml(link)}</text>`,
    `<text x="${width - 72}" y="560" text-anchor="end" font-size="30" font-weight="800" fill="#34d37f">`,
    "Break &amp; Run</text>",
    "</svg>",
  ].join("");
}
