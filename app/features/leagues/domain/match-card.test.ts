import { expect, test } from "vitest";
import {
  CARD_MESSAGES,
  type CardFrame,
  cardScore,
  checkLineup,
  DEFAULT_FORMAT,
  frameSlots,
  type MatchFormat,
  readFormat,
  readyToPlay,
  singlesCount,
  unfinishedFrames,
} from "./match-card.ts";

const roster = new Map([
  ["a", "Ann"],
  ["b", "Bob"],
  ["c", "Cat"],
  ["d", "Dan"],
]);
const empty: CardFrame[] = [];
const small: MatchFormat = {
  sections: [
    { name: "Singles", frames: 3, players: 1 },
    { name: "Doubles", frames: 1, players: 2 },
  ],
  maxSinglesPerPlayer: 1,
};

test("the frames of a format, numbered section by section", () => {
  expect(frameSlots(DEFAULT_FORMAT)).toHaveLength(9);
  expect(frameSlots(small)).toEqual([
    { number: 1, section: 0, players: 1 },
    { number: 2, section: 0, players: 1 },
    { number: 3, section: 0, players: 1 },
    { number: 4, section: 1, players: 2 },
  ]);
});

test("a stored format read back, and the usual one for none or anything unreadable", () => {
  expect(readFormat(JSON.stringify(small))).toEqual(small);
  for (const stored of [null, undefined, "", "not json", "{}", '{"sections":[],"maxSinglesPerPlayer":2}', "[1]"]) {
    expect(readFormat(stored)).toEqual(DEFAULT_FORMAT);
  }
});

test("a lineup set on the card: the other side and the other frames kept", () => {
  const card: CardFrame[] = [{ number: 2, home: [], away: ["x"], winner: null }];
  const result = checkLineup(small, card, "home", [{ number: 2, playerIds: ["a"] }], roster);
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.card).toHaveLength(4);
  expect(result.card[1]).toEqual({ number: 2, home: ["a"], away: ["x"], winner: null });
  expect(result.card[0]).toEqual({ number: 1, home: [], away: [], winner: null });
});

test("a lineup's every refusal names its frame", () => {
  const refused = (lineup: { number: number; playerIds: string[] }[], card = empty) => {
    const r = checkLineup(small, card, "home", lineup, roster);
    return r.ok ? null : { status: r.status, message: r.message, frame: r.frame };
  };
  expect(refused([{ number: 5, playerIds: ["a"] }])).toEqual({
    status: 400,
    message: CARD_MESSAGES.noFrame(5),
    frame: 5,
  });
  expect(
    refused([
      { number: 1, playerIds: ["a"] },
      { number: 1, playerIds: ["b"] },
    ]),
  ).toEqual({ status: 400, message: CARD_MESSAGES.frameTwice(1), frame: 1 });
  expect(refused([{ number: 1, playerIds: ["a", "b"] }])?.message).toBe(CARD_MESSAGES.playerCount(1, 1));
  expect(refused([{ number: 4, playerIds: ["a"] }])?.message).toBe(CARD_MESSAGES.playerCount(4, 2));
  expect(refused([{ number: 4, playerIds: [] }])).toBeNull();
  expect(refused([{ number: 2, playerIds: ["z"] }])?.message).toBe(CARD_MESSAGES.notOnRoster(2));
  expect(refused([{ number: 4, playerIds: ["a", "a"] }])?.message).toBe(CARD_MESSAGES.twiceInFrame(4));
  // The singles limit over the whole card, with frames already set, named at the frame that breaks it.
  const set: CardFrame[] = [{ number: 1, home: ["a"], away: [], winner: null }];
  expect(refused([{ number: 3, playerIds: ["a"] }], set)).toEqual({
    status: 400,
    message: CARD_MESSAGES.overLimit(3, "Ann", 1),
    frame: 3,
  });
  // Doubles don't count towards it.
  expect(refused([{ number: 4, playerIds: ["a", "b"] }], set)).toBeNull();
  // Moving a player from one singles frame to another is within it.
  expect(
    refused(
      [
        { number: 1, playerIds: ["b"] },
        { number: 3, playerIds: ["a"] },
      ],
      set,
    ),
  ).toBeNull();
  // A frame with a result keeps its players: the same again is fine, others are a 409.
  const won: CardFrame[] = [{ number: 1, home: ["a"], away: ["x"], winner: "home" }];
  expect(refused([{ number: 1, playerIds: ["b"] }], won)).toEqual({
    status: 409,
    message: CARD_MESSAGES.hasResult(1),
    frame: 1,
  });
  expect(refused([{ number: 1, playerIds: ["a"] }], won)).toBeNull();
  expect(refused([{ number: 1, playerIds: [] }], won)?.status).toBe(409);
});

test("a frame's players taken off, the other side's kept", () => {
  const card: CardFrame[] = [{ number: 4, home: ["a", "b"], away: ["x", "y"], winner: null }];
  const result = checkLineup(small, card, "home", [{ number: 4, playerIds: [] }], roster);
  expect(result.ok && result.card[3]).toEqual({ number: 4, home: [], away: ["x", "y"], winner: null });
});

test("the same lineup again is the same card", () => {
  const lineup = [
    { number: 1, playerIds: ["a"] },
    { number: 4, playerIds: ["b", "c"] },
  ];
  const once = checkLineup(small, empty, "away", lineup, roster);
  if (!once.ok) throw new Error(once.message);
  const twice = checkLineup(small, once.card, "away", lineup, roster);
  expect(twice).toEqual(once);
});

test("singles counted per player; a frame ready with both sides named; the score and the frames unfinished", () => {
  const card: CardFrame[] = [
    { number: 1, home: ["a"], away: ["x"], winner: "home" },
    { number: 2, home: ["a"], away: [], winner: null },
    { number: 4, home: ["a", "b"], away: ["x", "y"], winner: "away" },
  ];
  expect(singlesCount(small, card, "home")).toEqual(new Map([["a", 2]]));
  expect(readyToPlay(small, card[0] as CardFrame)).toBe(true);
  expect(readyToPlay(small, card[1] as CardFrame)).toBe(false);
  expect(readyToPlay(small, card[2] as CardFrame)).toBe(true);
  expect(readyToPlay(small, { number: 9, home: ["a"], away: ["x"], winner: null })).toBe(false);
  expect(cardScore(card)).toEqual({ home: 1, away: 1 });
  expect(unfinishedFrames(small, card)).toEqual([2, 3]);
  expect(CARD_MESSAGES.unfinished([2, 3])).toBe("Frames 2 and 3 have no result yet");
  expect(CARD_MESSAGES.unfinished([1, 2, 3])).toBe("Frames 1, 2 and 3 have no result yet");
  expect(CARD_MESSAGES.unfinished([9])).toBe("Frame 9 has no result yet");
});
