// Small inline icons (no icon library: keeps the tablet bundle small). Those
// every page shows (and the trophy every bracket draws) are here; the others
// beside the pages that use them, so that no page loads icons it does not
// draw (decision 016).
import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const SunIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="4" />
    <path
      d={
        "M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2" +
        "M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41"
      }
    />
  </Icon>
);

export const MoonIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
  </Icon>
);

export function Logo({ className }: { className?: string }) {
  // An 8-ball.
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false" className={className}>
      <circle cx="16" cy="16" r="15" fill="currentColor" />
      <circle cx="16" cy="16" r="7" fill="#fff" />
      <text
        x="16"
        y="20"
        textAnchor="middle"
        fontSize="10"
        fontWeight="700"
        fill="#0f172a"
        fontFamily="system-ui, sans-serif"
      >
        8
      </text>
    </svg>
  );
}

/** The trophy: a won match on every bracket, the results, the tablet (so it travels with the framework). */
export const TrophyIcon = (p: IconProps) => (
  <Icon {...p}>
    <path
      d={
        "M6 9H4.5a2.5 2.5 0 0 1 0-5H6M18 9h1.5a2.5 2.5 0 0 0 0-5H18M4 22h16" +
        "M10 14.66V17c0 .55-.47.98-.97 1.21C7.85 18.75 7 20.24 7 22" +
        "M14 14.66V17c0 .55.47.98.97 1.21C16.15 18.75 17 20.24 17 22M18 2H6v7a6 6 0 0 0 12 0V2Z"
      }
    />
  </Icon>
);
