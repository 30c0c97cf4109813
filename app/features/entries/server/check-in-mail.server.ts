// The e-mails of checking in and its reserves: a reserve offered a freed place, and the players the start dropped
// for not checking in. A use case returns them as the mail it owes; `perform` sends them once the write is in.
import { OFFER_MS } from "~/features/entries/domain/check-in.ts";
import { emailTime } from "~/domain/dates.ts";
import { formatGBP } from "~/domain/pence.ts";
import { headlinePrice } from "~/features/money/domain/headline-price.ts";
import { type Mailer, sendQuietly } from "~/server/email.server.ts";
import type { Offered } from "./reserves.server.ts";

/** E-mails each reserve offered a place (the outbox locally): where to pay, and until when. */
export async function tellOffered(mailer: Mailer, offered: readonly Offered[], origin: string): Promise<void> {
  for (const o of offered) {
    // UK time, as the clock at the venue shows it (an e-mail has no browser to say the reader's zone).
    const until = emailTime(o.expiresAt);
    await sendQuietly(mailer, {
      to: o.email,
      subject: `A place is yours — ${o.tournament}`,
      text: [
        `Hi ${o.name},`,
        "",
        `A place has freed in ${o.tournament} at ${o.venue} and you're next on the reserve list.`,
        `It is held for you for ${OFFER_MS / 60_000} minutes (until ${until}): pay to take it.`,
        headlinePrice(o).totalPence === 0 ? "Entry is free." : `The price: ${headlinePrice(o).text}.`,
        "If you don't, it goes to the next reserve.",
        "",
        `Pay here: ${origin}/tournament/${o.slug}/checkout`,
      ].join("\n"),
    });
  }
}

/** Tells the players dropped at the start for not checking in that they are out, and what came back to them. */
export async function tellDropped(
  mailer: Mailer,
  started: {
    droppedEntries: { email: string; name: string; cash: boolean }[];
    refundPence: number;
    tournament: { name: string; venue: string; slug: string };
  },
  origin: string,
): Promise<void> {
  const t = started.tournament;
  for (const p of started.droppedEntries) {
    await sendQuietly(mailer, {
      to: p.email,
      subject: `You were not checked in — ${t.name}`,
      text: [
        `Hi ${p.name},`,
        "",
        `${t.name} at ${t.venue} has started without you: you had not checked in, so the director took your entry out.`,
        p.cash
          ? "You paid at the bar: ask the director for your entry fee back."
          : started.refundPence > 0
            ? `Your entry fee, ${formatGBP(started.refundPence)}, is back in your balance (the site fee is kept).`
            : "There was no entry fee to give back.",
        "",
        `The tournament: ${origin}/tournament/${t.slug}`,
      ].join("\n"),
    });
  }
}
