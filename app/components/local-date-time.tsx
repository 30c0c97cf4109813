// An instant shown in the viewer's own time zone: the server renders UK
// time; once hydrated the browser re-renders it in its local zone.
import { formatDateTime, UK_TIME_ZONE } from "~/domain/dates.ts";
import { useHydrated } from "./form.tsx";

export function LocalDateTime({ instant, className }: { instant: number; className?: string }) {
  const hydrated = useHydrated();
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : UK_TIME_ZONE;
  return (
    <time dateTime={new Date(instant).toISOString()} className={className}>
      {formatDateTime(instant, zone)}
    </time>
  );
}
