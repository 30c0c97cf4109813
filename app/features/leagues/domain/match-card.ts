// A league fixture's match card (DESIGN §11): the season's format — sections of frames, each of singles or doubles,
// and how many singles frames one player may play — the frames it numbers, the captains' lineups checked against it
// and the roster, and the score the frames' winners make. Pure: the services store what these allow.
import { z } from "../../../domain/zod.ts";

export type Section = { name: string; frames: number; players: 1 | 2 };
export type MatchFormat = { sections: Section[]; maxSinglesPerPlayer: number };
export type Side = "home" | "away";
export const SIDES = ["home", "away"] as const;

/** The usual UK card: eight singles, then one doubles — nine frames, so no draws — and two singles each at most. */
export const DEFAULT_FORMAT: MatchFormat = {
  sections: [
    { name: "Singles", frames: 8, players: 1 },
    { name: "Doubles", frames: 1, players: 2 },
  ],
  maxSinglesPerPlayer: 2,
};

/** A card of more frames than this is not a night's pool. */
const MAX_FRAMES = 40;
const MAX_SECTIONS = 8;

/** The format as a season is made or changed with it. */
export const MatchFormatSchema = z
  .object(
    {
      sections: z
        .array(
          z.object(
            {
              name: z
                .string({ error: "A section needs a name" })
                .check(
                  z.trim(),
                  z.minLength(1, "A section needs a name"),
                  z.maxLength(40, "A section's name is at most 40 characters"),
                ),
              frames: z
                .int({ error: "A section's frames must be a whole number from 1" })
                .check(
                  z.minimum(1, "A section's frames must be a whole number from 1"),
                  z.maximum(MAX_FRAMES, `A card has at most ${MAX_FRAMES} frames`),
                ),
              players: z.literal([1, 2], { error: "A section is singles (players 1) or doubles (players 2)" }),
            },
            { error: "A section is { name, frames, players }" },
          ),
          { error: "The format's sections must be a list" },
        )
        .check(
          z.minLength(1, "A format needs at least one section"),
          z.maxLength(MAX_SECTIONS, `A format has at most ${MAX_SECTIONS} sections`),
        ),
      maxSinglesPerPlayer: z
        .int({ error: "The singles frames a player may play must be a whole number from 1" })
        .check(
          z.minimum(1, "The singles frames a player may play must be a whole number from 1"),
          z.maximum(MAX_FRAMES, `The singles frames a player may play must be at most ${MAX_FRAMES}`),
        ),
    },
    { error: "The format is { sections, maxSinglesPerPlayer }" },
  )
  .check(
    z.refine(
      (format) => format.sections.reduce((sum, s) => sum + s.frames, 0) <= MAX_FRAMES,
      `A card has at most ${MAX_FRAMES} frames`,
    ),
  );

/** A format as stored (JSON text): the default for anything unreadable, so a card can always be drawn. */
export function readFormat(stored: string | null | undefined): MatchFormat {
  if (!stored) return DEFAULT_FORMAT;
  try {
    const parsed = MatchFormatSchema.safeParse(JSON.parse(stored));
    return parsed.success ? (parsed.data as MatchFormat) : DEFAULT_FORMAT;
  } catch {
    return DEFAULT_FORMAT;
  }
}

/** A frame of the card as the format numbers it: 1 to the total, section by section. */
export type FrameSlot = { number: number; section: number; players: 1 | 2 };

export function frameSlots(format: MatchFormat): FrameSlot[] {
  const slots: FrameSlot[] = [];
  format.sections.forEach((section, index) => {
    for (let i = 0; i < section.frames; i++) {
      slots.push({ number: slots.length + 1, section: index, players: section.players });
    }
  });
  return slots;
}

/** A frame as recorded: each side's players (none until named) and its winner (none until played). */
export type CardFrame = { number: number; home: string[]; away: string[]; winner: Side | null };

/** A side's lineup as a captain sends it: for some frames, the players (none to take them off). */
export type LineupEntry = { number: number; playerIds: string[] };

export const LineupSchema = z.object({
  side: z.enum(SIDES, { error: 'The side must be "home" or "away"' }),
  frames: z
    .array(
      z.object(
        {
          number: z.int({ error: "A frame's number must be a whole number" }),
          playerIds: z.array(z.string({ error: "Players are given by id" }), {
            error: "A frame's players must be a list of ids",
          }),
        },
        { error: "A frame is { number, playerIds }" },
      ),
      { error: "Frames must be a list of { number, playerIds }" },
    )
    .check(z.maxLength(MAX_FRAMES, `A card has at most ${MAX_FRAMES} frames`)),
});

export const FrameResultSchema = z.object({
  winner: z.enum(SIDES, { error: 'The winner must be "home" or "away"' }),
});

export const DisputeSchema = z.object({
  reason: z
    .string({ error: "Say what is in dispute" })
    .check(z.trim(), z.minLength(1, "Say what is in dispute"), z.maxLength(500, "A reason is at most 500 characters")),
});

const noteField = z
  .string({ error: "A note must be text" })
  .check(z.trim(), z.maxLength(500, "A note is at most 500 characters"));

export const ResolveSchema = z.object({
  frames: z.optional(
    z
      .array(
        z.object(
          {
            number: z.int({ error: "A frame's number must be a whole number" }),
            winner: z.enum(SIDES, { error: 'The winner must be "home" or "away"' }),
          },
          { error: "A frame is { number, winner }" },
        ),
        { error: "Frames must be a list of { number, winner }" },
      )
      .check(z.maxLength(MAX_FRAMES, `A card has at most ${MAX_FRAMES} frames`)),
  ),
  note: noteField,
});

export const AwardSchema = z.object({
  to: z.enum(SIDES, { error: 'Award it "home" or "away"' }),
  note: noteField,
});

/** `POST /api/fixtures/{id}/void`: why, for everyone who reads the card. */
export const VoidSchema = z.object({ note: noteField });

export const CARD_MESSAGES = {
  noFrame: (n: number | string) => `There is no frame ${n} on this card`,
  frameTwice: (n: number) => `Frame ${n} is given twice`,
  playerCount: (n: number, players: 1 | 2) => `Frame ${n} needs ${players === 1 ? "one player" : "two players"} a side`,
  notOnRoster: (n: number) => `Frame ${n}: a player is not on the team's roster`,
  twiceInFrame: (n: number) => `Frame ${n}: a player can't play twice in one frame`,
  overLimit: (n: number, name: string, max: number) =>
    `Frame ${n}: ${name} would play more than ${max} singles frame${max === 1 ? "" : "s"}`,
  hasResult: (n: number) => `Frame ${n} has a result: its players can't change`,
  setPlayersFirst: (n: number) => `Set both players for frame ${n} first`,
  unfinished: (frames: readonly number[]) =>
    frames.length === 1 ? `Frame ${frames[0]} has no result yet` : `Frames ${listed(frames)} have no result yet`,
  closed: "This fixture's card is closed: it has been played, awarded or voided",
  inDispute: "This fixture is in dispute: the league's secretary resolves it",
  notPlayable: "This fixture hasn't a date: it is postponed",
  notYourCard: "Only the two captains or the league's secretary can do that",
  notYourSide: "Only that team's captain or the league's secretary can do that",
  captainsOnly: "Only the two teams' captains can do that",
  changed: "The card changed meanwhile, please try again",
  formatLocked: "A frame of this season has been played: its match format can no longer change",
} as const;

/** "1, 2 and 5". */
function listed(numbers: readonly number[]): string {
  return numbers.length <= 1
    ? numbers.join("")
    : `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
}

/** Why a side's lineup can't stand (the first problem, naming its frame), or null: the card with it set. */
export function checkLineup(
  format: MatchFormat,
  card: readonly CardFrame[],
  side: Side,
  lineup: readonly LineupEntry[],
  roster: ReadonlyMap<string, string>,
): { ok: true; card: CardFrame[] } | { ok: false; status: 400 | 409; message: string; frame: number } {
  const slots = new Map(frameSlots(format).map((slot) => [slot.number, slot]));
  const byNumber = new Map(card.map((frame) => [frame.number, frame]));
  const seen = new Set<number>();
  for (const entry of lineup) {
    const slot = slots.get(entry.number);
    const refuse = (status: 400 | 409, message: string) => ({
      ok: false as const,
      status,
      message,
      frame: entry.number,
    });
    if (!slot) return refuse(400, CARD_MESSAGES.noFrame(entry.number));
    if (seen.has(entry.number)) return refuse(400, CARD_MESSAGES.frameTwice(entry.number));
    seen.add(entry.number);
    const frame = byNumber.get(entry.number);
    if (frame?.winner) {
      const same = sameSet(frame[side], entry.playerIds);
      if (!same) return refuse(409, CARD_MESSAGES.hasResult(entry.number));
    }
    // No players takes a frame's players off (a frame without a result): a captain changes their mind.
    if (entry.playerIds.length !== slot.players && entry.playerIds.length !== 0)
      return refuse(400, CARD_MESSAGES.playerCount(entry.number, slot.players));
    if (entry.playerIds.some((id) => !roster.has(id))) return refuse(400, CARD_MESSAGES.notOnRoster(entry.number));
    if (new Set(entry.playerIds).size !== entry.playerIds.length) {
      return refuse(400, CARD_MESSAGES.twiceInFrame(entry.number));
    }
  }
  const next = frameSlots(format).map((slot): CardFrame => {
    const frame = byNumber.get(slot.number) ?? { number: slot.number, home: [], away: [], winner: null };
    const entry = lineup.find((e) => e.number === slot.number);
    return entry
      ? { ...frame, [side]: [...entry.playerIds] }
      : { ...frame, home: [...frame.home], away: [...frame.away] };
  });
  // The singles limit over the whole card, named at the first frame that breaks it.
  const singles = new Map<string, number>();
  for (const frame of next) {
    if ((slots.get(frame.number) as FrameSlot).players !== 1) continue;
    for (const id of frame[side]) {
      const count = (singles.get(id) ?? 0) + 1;
      singles.set(id, count);
      if (count > format.maxSinglesPerPlayer) {
        return {
          ok: false,
          status: 400,
          frame: frame.number,
          message: CARD_MESSAGES.overLimit(frame.number, roster.get(id) ?? "A player", format.maxSinglesPerPlayer),
        };
      }
    }
  }
  return { ok: true, card: next };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** How many singles frames each player of a side is down for already: the screen warns before the limit. */
export function singlesCount(format: MatchFormat, card: readonly CardFrame[], side: Side): Map<string, number> {
  const singles = new Set(
    frameSlots(format)
      .filter((s) => s.players === 1)
      .map((s) => s.number),
  );
  const counts = new Map<string, number>();
  for (const frame of card) {
    if (!singles.has(frame.number)) continue;
    for (const id of frame[side]) counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

/** Whether a frame may be given a result: both sides' players named, in the right number. */
export function readyToPlay(format: MatchFormat, frame: CardFrame): boolean {
  const slot = frameSlots(format).find((s) => s.number === frame.number);
  return slot !== undefined && frame.home.length === slot.players && frame.away.length === slot.players;
}

/** The frames won by each side. */
export function cardScore(card: readonly Pick<CardFrame, "winner">[]): { home: number; away: number } {
  let home = 0;
  let away = 0;
  for (const frame of card) {
    if (frame.winner === "home") home++;
    else if (frame.winner === "away") away++;
  }
  return { home, away };
}

/** The frames of the format still without a result, by number. */
export function unfinishedFrames(format: MatchFormat, card: readonly CardFrame[]): number[] {
  const won = new Set(card.filter((f) => f.winner !== null).map((f) => f.number));
  return frameSlots(format)
    .map((s) => s.number)
    .filter((n) => !won.has(n));
}
