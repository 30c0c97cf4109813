// A refused form's reply (decision 037) arrives once, with the page's data after the redirect. The page revalidates
// whenever the tournament's channel speaks, and those reads carry no reply: the reply stays until the next
// navigation, so a push in the middle of a night does not wipe what the director typed.
import { useState } from "react";
import { useLocation } from "react-router";
import type { PageReply } from "~/features/tournaments/domain/page-actions.ts";

export function useStickyReply(reply: PageReply | null): PageReply | null {
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, reply });
  if (kept.key !== key || (reply !== null && reply !== kept.reply)) {
    setKept({ key, reply });
    return reply;
  }
  return kept.reply;
}
