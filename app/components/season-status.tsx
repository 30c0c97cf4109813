// How the secretary's pages name a league season's state and night: "Draft", "Active", "Finished"; "Thursday".
import { Badge } from "./badges.tsx";

const statuses = {
  draft: { label: "Draft", tone: "amber" },
  active: { label: "Active", tone: "green" },
  finished: { label: "Finished", tone: "slate" },
} as const;

export const seasonStatusLabel = (status: string): string =>
  status in statuses ? statuses[status as keyof typeof statuses].label : status;

export function SeasonStatusBadge({ status }: { status: string }) {
  const known = status in statuses ? statuses[status as keyof typeof statuses] : null;
  return <Badge tone={known?.tone ?? "slate"}>{known?.label ?? status}</Badge>;
}

/** "thursday" → "Thursday". */
export const nightLabel = (night: string): string => night.charAt(0).toUpperCase() + night.slice(1);
