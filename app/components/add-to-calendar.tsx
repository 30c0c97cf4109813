// "Add to calendar" (decision 030): a plain download of the tournament's iCalendar file, which a phone's calendar
// opens; no script.
import { calendarPath } from "~/domain/anchors.ts";
import { Icon } from "./icons.tsx";

export function AddToCalendar({ slug, className = "" }: { slug: string; className?: string }) {
  return (
    <a
      href={calendarPath(slug)}
      download
      className={
        "inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-baize-700 hover:underline " +
        `dark:text-baize-300 ${className}`
      }
    >
      <Icon width="18" height="18">
        <rect x="3" y="4" width="18" height="18" rx="2" />
        <path d="M16 2v4M8 2v4M3 10h18M12 14v4M10 16h4" />
      </Icon>
      Add to calendar
    </a>
  );
}
