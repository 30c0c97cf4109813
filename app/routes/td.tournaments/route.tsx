import { Link, useLoaderData } from "react-router";
import { TabLink } from "~/components/tab-link.tsx";
import { EmptyState } from "~/components/empty-state.tsx";
import { Badge, statusTone } from "~/components/badges.tsx";
import { ConfirmDialog } from "~/components/confirm-dialog.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { appContext } from "~/context.server.ts";
import { formatDate } from "~/domain/dates.ts";
import { isDomainError } from "~/domain/errors.ts";
import { headlinePrice } from "~/features/money/domain/headline-price.ts";
import { Price } from "~/components/price.tsx";
import { FINAL_PLAYED, LIST_FORMAT_LABEL, statusLabels } from "~/domain/tournaments.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { signedIn } from "~/web/access.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { changeStatus } from "~/features/tournaments/server/use-cases.server.ts";
import { organiserTournamentsQuery } from "~/features/tournaments/server/tournament-lists.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "My Tournaments — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const claim = await signedIn(request, context, "organiser");
  const { all } = await claim.read({ all: organiserTournamentsQuery(claim.id) });
  const url = new URL(request.url);
  return {
    tab: url.searchParams.get("tab") === "archived" ? ("archived" as const) : ("active" as const),
    confirm: url.searchParams.get("confirm"),
    active: all.filter((t) => t.status !== "finished"),
    archived: all.filter((t) => t.status === "finished"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const organiser = await signedIn(request, context, "organiser");
  const app = context.get(appContext);
  const { env } = app;
  const form = await request.formData();
  const intent = form.get("intent");
  const tournamentId = form.get("tournamentId");
  const back = intent === "restore" ? "/td/tournaments?tab=archived" : "/td/tournaments";
  try {
    if ((intent !== "archive" && intent !== "restore") || typeof tournamentId !== "string") {
      throw new Error("Unknown action");
    }
    await perform(app, organiser, changeStatus, {
      organiserId: organiser.id,
      tournamentId,
      to: intent === "archive" ? "finished" : "open",
    });
    return redirectWithCookies(intent === "archive" ? "/td/tournaments?tab=archived" : "/td/tournaments", [
      await flashToast(env, {
        type: "success",
        title: "Tournament updated",
        description: "Tournament status has been updated successfully",
      }),
    ]);
  } catch (error) {
    if (error instanceof Response) throw error;
    return redirectWithCookies(back, [
      await flashToast(env, {
        type: "error",
        title: "Update failed",
        description: isDomainError(error) ? error.message : "Failed to update tournament status",
      }),
    ]);
  }
}

type Summary = Awaited<ReturnType<typeof loader>>["active"][number];

export default function OrganiserTournaments() {
  const { tab, confirm, active, archived } = useLoaderData<typeof loader>();
  const busy = useIsSubmitting();
  const list = tab === "archived" ? archived : active;
  const [confirmIntent, confirmId] = (confirm ?? "").split(":");
  const target = [...active, ...archived].find((t) => t.id === confirmId);
  const tabQuery = tab === "archived" ? "?tab=archived" : "";
  // Archiving after the final would stop the evening with nobody paid: the dialog offers Finalize instead.
  const mustFinalize = confirmIntent === "archive" && target?.finalPlayed === true;

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">My Tournaments</h1>
        <Link to="/td/create-tournament" className="btn-primary">
          Create Tournament
        </Link>
      </div>

      <nav aria-label="Tournament lists" className="mt-6 flex gap-2 border-b border-slate-200 dark:border-slate-800">
        <TabLink to="/td/tournaments" current={tab === "active"}>
          Active Tournaments ({active.length})
        </TabLink>
        <TabLink to="/td/tournaments?tab=archived" current={tab === "archived"}>
          Archived ({archived.length})
        </TabLink>
      </nav>

      {list.length === 0 ? (
        tab === "active" ? (
          <EmptyState title="No Active Tournaments" text="You haven't created any tournaments yet.">
            <Link to="/td/create-tournament" className="btn-primary mt-4">
              Create Your First Tournament
            </Link>
          </EmptyState>
        ) : (
          <EmptyState title="No Archived Tournaments" text="Completed tournaments will appear here." />
        )
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((t) => (
            <TournamentCard key={t.id} t={t} tabQuery={tabQuery} />
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={Boolean(target) && (confirmIntent === "archive" || confirmIntent === "restore")}
        title={confirmIntent === "archive" ? `Archive ${target?.name ?? ""}?` : `Restore ${target?.name ?? ""}?`}
        description={
          mustFinalize
            ? `${FINAL_PLAYED}.`
            : confirmIntent === "archive"
              ? "The tournament moves to Archived and stops. Entry fees stay held and no payouts are made."
              : "The tournament opens for registration again. Its bracket is discarded; paid entries are kept."
        }
        instead={
          mustFinalize && target ? { to: `/tournament/${target.slug}?confirm=finalize`, label: "Finalize" } : undefined
        }
        confirmLabel={confirmIntent === "archive" ? "Archive" : "Restore"}
        cancelTo={`/td/tournaments${tabQuery}`}
        destructive={confirmIntent === "archive"}
        busy={busy}
      >
        <input type="hidden" name="intent" value={confirmIntent} />
        <input type="hidden" name="tournamentId" value={target?.id ?? ""} />
      </ConfirmDialog>
    </>
  );
}

function TournamentCard({ t, tabQuery }: { t: Summary; tabQuery: string }) {
  const confirmBase = `/td/tournaments?${tabQuery ? "tab=archived&" : ""}confirm=`;
  return (
    <li className="card flex flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg leading-tight font-semibold wrap-anywhere">{t.name}</h2>
        <Badge tone={statusTone[t.status]}>{statusLabels[t.status]}</Badge>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t.venue}</p>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500 dark:text-slate-400">Format</dt>
        <dd>{t.format || LIST_FORMAT_LABEL}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Date</dt>
        <dd>{formatDate(t.date)}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Time</dt>
        <dd>{t.time}</dd>
        <dt className="text-slate-500 dark:text-slate-400">Players</dt>
        <dd>
          {t.playerCount}/{t.maxPlayers ?? 16}
        </dd>
        <dt className="text-slate-500 dark:text-slate-400">Entry</dt>
        <dd>
          <Price price={headlinePrice(t)} />
        </dd>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        <Link to={`/tournament/${t.slug}`} className="btn-secondary flex-1">
          View Details
        </Link>
        {t.status === "in_progress" ? (
          <Link to={`${confirmBase}archive:${t.id}`} preventScrollReset className="btn-ghost flex-1">
            Archive
          </Link>
        ) : null}
        {t.status === "finished" && t.finishedAt === null ? (
          <Link to={`${confirmBase}restore:${t.id}`} preventScrollReset className="btn-ghost flex-1">
            Restore
          </Link>
        ) : null}
        {t.status === "finished" && t.finishedAt !== null ? (
          <span className="self-center text-sm text-slate-600 dark:text-slate-400">Payouts confirmed</span>
        ) : null}
        <Link to={`/tournament/${t.slug}/run-again`} className="btn-ghost flex-1">
          Run again
        </Link>
      </div>
    </li>
  );
}
