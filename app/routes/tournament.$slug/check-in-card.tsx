// The director's check-in card before the break-off (decisions 013–015): who is in,
// the reserve list and the venue's check-in QR code. The tournament page
// loads it for its director before the start only.
import { LocalDateTime } from "~/components/local-date-time.tsx";
import { noteClass as note } from "~/components/styles.ts";
import { checkedInText } from "~/domain/check-in.ts";

type CheckIn = {
  entries: { registrationId: string; name: string; checkedInAt: number | null }[];
  absent: number;
  reserves: {
    id: string;
    name: string;
    state: "waiting" | "offered";
    position: number | null;
    offerExpiresAt: number | null;
  }[];
};

/** The director's check-in before the start: who is in, the reserve list, the venue's QR code. */
export function CheckInCard({ checkIn, slug, name }: { checkIn: CheckIn; slug: string; name: string }) {
  const present = checkIn.entries.length - checkIn.absent;
  return (
    <section className="card space-y-4" aria-labelledby="check-in-title">
      <h2 id="check-in-title" className="text-lg font-semibold">
        Check-in
      </h2>
      <p className="text-sm font-medium" data-testid="checked-in-count">
        {checkedInText(present, checkIn.entries.length)}
      </p>
      {checkIn.entries.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label="Who is in">
          {checkIn.entries.map((e) => (
            <li key={e.registrationId} className="flex justify-between gap-2">
              <span>{e.name}</span>
              {e.checkedInAt !== null ? (
                <span className="font-semibold text-baize-800 dark:text-baize-300">✓ Here</span>
              ) : (
                <span className="text-slate-500 dark:text-slate-400">Not yet</span>
              )}
            </li>
          ))}
        </ul>
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
      <div>
        <h3 className="text-base font-semibold">Venue QR code</h3>
        <p className={`${note} mt-1`}>Print it or show it on a screen: players scan it to check in.</p>
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
    </section>
  );
}
