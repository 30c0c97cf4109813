// Toasts (decision 042): at most one at a time, announced to screen readers. The server flashes one through a cookie
// across redirects; client code can show one with useToast(). A toast stands in the page's flow under the header
// (each frame puts a ToastRegion there), never over it: it covers no button on a phone or a laptop. So that nothing
// moves under a finger, it does not close by itself: it stays until closed, replaced, or the page is left.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";

export type ToastMessage = { id: string; type: "success" | "error"; title: string; description?: string };

type ToastApi = { show: (toast: Omit<ToastMessage, "id">) => void };
type ToastState = { toast: ToastMessage | null; close: () => void };
const ToastContext = createContext<ToastApi>({ show: () => {} });
const ToastStateContext = createContext<ToastState>({ toast: null, close: () => {} });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

export function ToastProvider({ initial, children }: { initial: ToastMessage | null; children: ReactNode }) {
  const { pathname } = useLocation();
  // A toast belongs to the page it was shown on: on another page it is gone. Stamped with that page's path, read
  // during the render, so a toast a page shows as it opens (its effects run before this provider's) is its own.
  const here = useRef(pathname);
  here.current = pathname;
  const [shown, setShown] = useState(initial ? { toast: initial, on: pathname } : null);

  // Left behind when the page is left (so coming back does not show it again).
  useEffect(() => {
    setShown((current) => (current && current.on !== pathname ? null : current));
  }, [pathname]);

  // A new toast from the server (after a redirect or revalidation) replaces the current one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per server toast (its id), not on every render
  useEffect(() => {
    if (initial) setShown({ toast: initial, on: here.current });
  }, [initial?.id]);

  const show = useCallback((next: Omit<ToastMessage, "id">) => {
    setShown({ toast: { ...next, id: Math.random().toString(36).slice(2) }, on: here.current });
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  const toast = shown && shown.on === pathname ? shown.toast : null;
  const state = useMemo(() => ({ toast, close: () => setShown(null) }), [toast]);

  return (
    <ToastContext.Provider value={api}>
      <ToastStateContext.Provider value={state}>{children}</ToastStateContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Where a frame shows its toast: in the page's flow, under the header, taking its own room (`className` places it
 * when there is one). Always rendered, so screen readers are listening before a toast arrives.
 */
export function ToastRegion({ className }: { className: string }) {
  const { toast, close } = useContext(ToastStateContext);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={toast ? className : undefined}>
      {toast ? <ToastCard toast={toast} onClose={close} /> : null}
    </div>
  );
}

// 44 px to tap, drawn over the card's padding.
const closeClass =
  "-m-3 flex size-11 shrink-0 items-center justify-center rounded text-lg leading-none opacity-80 hover:opacity-100";

export function ToastCard({
  toast,
  onClose,
  closeTo,
}: {
  toast: ToastMessage;
  onClose?: () => void;
  /** Without JavaScript: closing is a link to the page without the message. */
  closeTo?: string;
}) {
  const destructive = toast.type === "error";
  return (
    <div
      data-testid="toast"
      data-type={toast.type}
      className={
        "flex items-start gap-3 rounded-lg border p-4 shadow-sm " +
        (destructive
          ? "border-red-700 bg-red-700 text-white dark:border-red-500 dark:bg-red-800"
          : "border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100")
      }
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {onClose ? (
        <button type="button" onClick={onClose} className={closeClass} aria-label="Close notification">
          ×
        </button>
      ) : closeTo ? (
        <Link to={closeTo} replace className={closeClass} aria-label="Close notification">
          ×
        </Link>
      ) : null}
    </div>
  );
}
