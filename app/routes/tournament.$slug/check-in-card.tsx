// The director's check-in before the break-off (decisions 013–015): who is in and the reserve list, and beside it
// the venue's check-in QR code. The tournament page loads them for its director before the start only.
import type { FormEvent } from "react";
import { useFetcher } from "react-router";
import { LocalDateTime } from "~/components/local-date-time.tsx";
import { noteClass as note } from "~/components/styles.ts";
import { checkedInText } from "~/features/entries/domain/check-in.ts";
import { pageActionPath } from "~/features/tournaments/domain/page-actions.ts";
import { Panel } from "./panel.tsx";

type Entry = { registrationId: string; name: string; checkedInAt: number | null };
type CheckIn = {
  teamEvent: boolean;
  entries: Entry[];
  absent: number;
  reserves: {
    id: string;
    name: string;
    state: "waiting" | "offered";
    position: number | null;
    offerExpiresAt: number | null;
  }[];
};

/** The director's check-in before the start: who is in, and the reserve list. */
export function CheckInCard({
  checkIn,
  slug,
  tournamentId,
  open,
}: {
  checkIn: CheckIn;
  slug: string;
  tournamentId: string;
  /** Open when the page is drawn: on the night, or when a tick came back to it. */
  open: boolean;
}) {
  const present = checkIn.entries.length - checkIn.absent;
  return (
    <Panel
      id="check-in"
      titleId="check-in-title"
      title="Check-in"
      summary={
        <span className="font-medium text-slate-900 dark:text-slate-100" data-testid="checked-in-count">
          {checkedInText(present, checkIn.entries.length)}
        </span>
      }
      open={open}
    >
      {checkIn.entries.length > 0 ? (
        <>
          <p className={note}>
            Tick {checkIn.teamEvent ? "a team" : "a player"} in when they are here without a phone; tick again to take
            it back.
          </p>
          <ul className="space-y-1 text-sm" aria-label="Who is in">
            {checkIn.entries.map((e) => (
              <Tick key={e.registrationId} entry={e} slug={slug} tournamentId={tournamentId} />
            ))}
          </ul>
        </>
      ) : (
        <p className={note}>No paid entries yet.</p>
      )}
      <div>
        <h3 className="text-base font-semibold">Reserve list</h3>
        {checkIn.reserves.length === 0 ? (
          <p className={`${note} mt-1`}>Nobody is waiting.</p>
        ) : (
          <ol className="mt-1 space-y-1 text-sm" data-testid="reserve-list">
            {checkIn.reserves.map((r) => (
              <li key={r.id} className="flex justify-between gap-2">
                <span>
                  {r.position !== null ? `${r.position}. ` : ""}
                  {r.name}
                </span>
                {r.state === "offered" && r.offerExpiresAt !== null ? (
                  <span className="text-amber-800 dark:text-amber-300">
                    Offered a place, until <LocalDateTime instant={r.offerExpiresAt} />
                  </span>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">Waiting</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Panel>
  );
}

/** The venue's check-in QR code, to print or show on a screen. */
export function VenueQrCard({ slug, name, open }: { slug: string; name: string; open: boolean }) {
  return (
    <Panel
      id="venue-qr"
      titleId="venue-qr-title"
      title="Venue QR code"
      summary="Players scan it to check in"
      open={open}
    >
      <div>
        <p className={note}>Print it or show it on a screen: players scan it to check in.</p>
        <img
          src={`/tournament/${slug}/check-in.svg`}
          alt={`QR code: check in to ${name}`}
          width={160}
          height={160}
          loading="lazy"
          className="mt-2 rounded-md bg-white p-1"
        />
        <a
          href={`/tournament/${slug}/check-in.svg`}
          className={
            "mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-baize-700 hover:underline " +
            "dark:text-baize-300"
          }
        >
          Open the QR code to print
        </a>
      </div>
    </Panel>
  );
}

/**
 * The director's tick beside a name (decision 021): a plain form to the page without JavaScript; with it the same
 * check-in goes to the JSON API through a fetcher, the tick shows at once and the page's data follows without a reload.
 */
function Tick({ entry, slug, tournamentId }: { entry: Entry; slug: string; tournamentId: string }) {
  const fetcher = useFetcher<{ checkedIn?: boolean; message?: string }>();
  const sent = fetcher.json as { checkedIn?: boolean } | undefined;
  const here = fetcher.state !== "idle" && sent?.checkedIn !== undefined ? sent.checkedIn : entry.checkedInAt !== null;
  const refused = fetcher.state === "idle" && fetcher.data?.message ? fetcher.data.message : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    fetcher.submit(
      { playerId: entry.registrationId, checkedIn: !here },
      { method: "post", action: `/api/tournaments/${tournamentId}/checkin`, encType: "application/json" },
    );
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>{entry.name}</span>
      <form method="post" action={pageActionPath(slug, "entries")} onSubmit={submit}>
        <input type="hidden" name="intent" value="check-in-entry" />
        <input type="hidden" name="registrationId" value={entry.registrationId} />
        <input type="hidden" name="checkedIn" value={here ? "false" : "true"} />
        <button
          type="submit"
          aria-pressed={here}
          aria-label={here ? `${entry.name} is checked in: take it back` : `Check in ${entry.name}`}
          className={
            here
              ? "btn-ghost min-h-9 px-2 py-1 text-sm font-semibold text-baize-800 dark:text-baize-300"
              : "btn-secondary min-h-9 px-2 py-1 text-sm"
          }
          data-testid="check-in-tick"
        >
          {here ? "✓ Here" : "Tick in"}
        </button>
      </form>
      {refused ? (
        <p role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
          {refused}
        </p>
      ) : null}
    </li>
  );
}
