// An instant shown in the viewer's own time zone: the server renders UK
// time; once hydrated the browser re-renders it in its local zone.
import { formatDateTime, formatTime, UK_TIME_ZONE } from "~/domain/dates.ts";
import { useHydrated } from "./hydrated.ts";

export function LocalDateTime({
  instant,
  className,
  timeOnly = false,
}: {
  instant: number;
  className?: string;
  /** Just the time of day ('19:42'), for an instant within the next hours. */
  timeOnly?: boolean;
}) {
  const hydrated = useHydrated();
  const zone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : UK_TIME_ZONE;
  return (
    <time dateTime={new Date(instant).toISOString()} className={className}>
      {(timeOnly ? formatTime : formatDateTime)(instant, zone)}
    </time>
  );
}
