// Pages that follow the evening (the tournament page, the wall bracket)
// refresh their data while play is on, without a reload.
import { useEffect } from "react";
import { useRevalidator } from "react-router";

const EVERY_MS = 10_000;

/** Revalidates the page's loaders every 10 s while `active` and the page is visible. */
export function useLiveRevalidation(active: boolean): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") void revalidator.revalidate();
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}
