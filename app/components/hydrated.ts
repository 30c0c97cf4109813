// Whether React has taken over the page: forms and controls show their
// no-JavaScript fallback until then.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while hydrating; true afterwards — also for
 * components that mount later, so they never flash their no-JS fallback.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
