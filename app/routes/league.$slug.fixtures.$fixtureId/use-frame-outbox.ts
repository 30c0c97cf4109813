// The card's frame buttons with JavaScript (features/leagues/client/frame-outbox.ts): taps kept through a dropped
// connection and sent in order, the card drawn with them over what was read — a read from push included — until the
// server has them. Without JavaScript (or before the page has started) the buttons post their form as before.
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import {
  type FrameOutbox,
  framesShown,
  NO_TAPS,
  type OutboxState,
  frameOutbox,
} from "~/features/leagues/client/frame-outbox.ts";
import type { Side } from "~/features/leagues/domain/match-card.ts";
import type { CardPage } from "./route.tsx";

export type Outbox = {
  state: OutboxState;
  /** Keeps and sends the tap; false before the page has started (the form then posts). */
  tap: (number: number, winner: Side) => boolean;
};

export function useFrameOutbox(fixtureId: string): Outbox {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const [state, setState] = useState<OutboxState>(NO_TAPS);
  const outbox = useRef<FrameOutbox | null>(null);
  useEffect(() => {
    const box = frameOutbox(fixtureId, { changed: setState, reread: () => latest.current.revalidate() });
    outbox.current = box;
    void box.flush();
    return () => {
      outbox.current = null;
      box.stop();
    };
  }, [fixtureId]);
  const tap = useCallback((number: number, winner: Side) => {
    if (!outbox.current) return false;
    outbox.current.tap(number, winner);
    return true;
  }, []);
  return { state, tap };
}

/** The page as the card shows it: each tap's winner over the frames read, and the score they make. */
export function shownPage(page: CardPage, state: OutboxState): CardPage {
  if (!state.waiting.length && !state.sent.length) return page;
  const { frames, home, away } = framesShown(page.card.frames, state);
  return {
    ...page,
    card: { ...page.card, frames },
    fixture: { ...page.fixture, homeScore: home, awayScore: away },
  };
}
