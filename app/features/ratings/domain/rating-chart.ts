// A player's rating over time as an SVG line, worked out on the server (no chart library in the
// browser). One step along the x axis per rated match — a night's five matches would bunch up on a time axis — and a
// y axis of at least 100 points, on round 50s, so a small wobble does not look like a cliff. Pure.

export type ChartBox = { width: number; height: number; pad: number };

// Small enough that its labels read on a phone, drawn no wider than 36rem (routes/players.$id).
const BOX: ChartBox = { width: 400, height: 180, pad: 28 };

export type RatingChart = {
  width: number;
  height: number;
  /** The line, an SVG path ("M x y L x y …"). */
  path: string;
  /** Each match's point, for the dots and their titles. */
  points: { x: number; y: number; rating: number; matchId: string }[];
  /** The y axis's labels, bottom to top, with their heights. */
  ticks: { y: number; rating: number }[];
};

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The chart of `history` (oldest first), or null when there is nothing to draw. */
export function ratingChart(
  history: readonly { rating: number; matchId: string }[],
  box: ChartBox = BOX,
): RatingChart | null {
  if (history.length === 0) return null;
  const ratings = history.map((h) => h.rating);
  const [min, max] = [Math.min(...ratings), Math.max(...ratings)];
  let low = Math.floor(min / 50) * 50;
  let high = Math.ceil(max / 50) * 50;
  // Too short: widen on the side with less room, so the line stays near the middle.
  while (high - low < 100) {
    if (min - low <= high - max) low -= 50;
    else high += 50;
  }
  const inner = { width: box.width - 2 * box.pad, height: box.height - 2 * box.pad };
  const step = history.length > 1 ? inner.width / (history.length - 1) : 0;
  const yOf = (rating: number) => round1(box.pad + ((high - rating) / (high - low)) * inner.height);
  const points = history.map((h, i) => ({
    // A single match sits in the middle.
    x: round1(history.length > 1 ? box.pad + i * step : box.width / 2),
    y: yOf(h.rating),
    rating: h.rating,
    matchId: h.matchId,
  }));
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x} ${p.y}`).join(" ");
  const ticks = [low, (low + high) / 2, high].map((rating) => ({ y: yOf(rating), rating }));
  return { width: box.width, height: box.height, path, points, ticks };
}
