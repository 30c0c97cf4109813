// What every TV mode page draws alike (decision 023): its secondary text, its pills, the "Reconnecting…" badge the
// script shows while the server cannot be reached (/tv.js), and a body fitted to the screen by scaling it down.
import type { ReactNode } from "react";
import { TV_BODY } from "~/features/screens/domain/tv.ts";

/** Secondary text, light and dark. */
export const muted = "text-slate-600 dark:text-slate-300";

/** A pill beside the heading: "Live", "Reconnecting…". */
export const pill = "rounded-full px-[0.9rem] text-[1.25rem]";

/** Put in place by the script while the server cannot be reached (tv.js). */
export function Reconnecting() {
  return (
    <span
      data-reconnecting=""
      hidden
      role="status"
      className={`${pill} bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100`}
    >
      Reconnecting…
    </span>
  );
}

/**
 * A box of `width` × `height` rem (the TV's body unless said), its contents scaled down by `scale` (CSS zoom scales
 * layout too), anything past it hidden: the document never scrolls.
 */
export function Fitted({
  scale,
  width = TV_BODY.width,
  height = TV_BODY.height,
  children,
  className = "",
}: {
  scale: number;
  width?: number;
  height?: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`min-h-0 overflow-hidden ${className}`} data-tv-body="">
      <div style={{ zoom: scale, width: `${width / scale}rem`, height: `${height / scale}rem` }} className="mx-auto">
        {children}
      </div>
    </div>
  );
}
