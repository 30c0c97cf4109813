import { z } from "zod";
import { endpoint, on } from "~/services/endpoint.server.ts";
import { getMailer } from "~/services/email.server.ts";
import { getPaymentsProvider } from "~/services/payments/index.server.ts";
import { joinReserve } from "~/services/check-in.server.ts";
import { afterChange } from "~/services/after-change.server.ts";
import { joinTournament } from "~/services/joining.server.ts";
import { checkTeam, tellTeammates } from "~/services/team-entry.server.ts";
import { TEAM_EVENT } from "~/services/places.server.ts";
import { isDomainError } from "~/domain/errors.ts";

// A team event's entry also names the team and the captain's teammates (checked with the team messages).
const JoinSchema = z.object({
  tournamentId: z.string({ error: "tournamentId is required" }).min(1, "tournamentId is required").max(64),
  teamName: z.unknown().optional(),
  teammates: z.unknown().optional(),
  /** On a full tournament, join the reserve list instead (decisions 013–015); nothing is charged. */
  reserve: z.boolean({ error: "reserve must be true or false" }).optional(),
});

const api = endpoint({
  POST: on({ who: "player", body: JoinSchema }, async ({ caller, body, app }) => {
    const provider = await getPaymentsProvider(app.env, app.database);
    const tournament = { id: body.tournamentId };
    const asTeam = body.teamName !== undefined || body.teammates !== undefined;
    const team = asTeam
      ? await checkTeam(caller, {
          captainId: caller.id,
          tournament,
          teamName: body.teamName,
          teammates: body.teammates,
        })
      : undefined;
    const joining = joinTournament(caller, provider, { playerId: caller.id, tournament, team });
    // Full: with `reserve`, onto the reserve list; without, the answer stays "This tournament is full".
    const result = body.reserve
      ? await joining.catch((error: unknown) => {
          // Full, or a team event (whose reserve list is refused with its own message by joinReserve).
          if (isDomainError(error) && (error.code === "full" || error.code === TEAM_EVENT)) return null;
          throw error;
        })
      : await joining;
    if (!result) {
      const { tournamentId, organiserId, ...onList } = await joinReserve(caller, { playerId: caller.id, tournament });
      await afterChange(caller, app, { organiserId, tournamentId, what: "entries" });
      return Response.json(onList);
    }
    await afterChange(caller, app, { ...result.changed, what: "entries" });
    if (team) await tellTeammates(caller, getMailer(app.env, app.database), team, app.env.APP_URL);
    const { registrationId } = result;
    return Response.json(
      result.paid
        ? { paid: true, registrationId }
        : { clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId, registrationId },
    );
  }),
});
export { api as loader, api as action };
