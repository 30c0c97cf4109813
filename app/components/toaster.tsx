// Toasts: at most one at a time, closing by itself after 5 s, announced to
// screen readers. The server flashes one through a cookie across redirects;
// client code can show one with useToast().
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";

export type ToastMessage = { id: string; type: "success" | "error"; title: string; description?: string };

const TOAST_DURATION_MS = 5000;

type ToastApi = { show: (toast: Omit<ToastMessage, "id">) => void };
const ToastContext = createContext<ToastApi>({ show: () => {} });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

export function ToastProvider({ initial, children }: { initial: ToastMessage | null; children: ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(initial);

  // A new toast from the server (after a redirect or revalidation) replaces the current one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per server toast (its id), not on every render
  useEffect(() => {
    if (initial) setToast(initial);
  }, [initial?.id]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const show = useCallback((next: Omit<ToastMessage, "id">) => {
    setToast({ ...next, id: Math.random().toString(36).slice(2) });
  }, []);
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end">
        {/* Always rendered so screen readers are listening before a toast arrives. */}
        <div role="status" aria-live="polite" aria-atomic="true" className="w-full max-w-sm">
          {toast ? <ToastCard toast={toast} onClose={() => setToast(null)} /> : null}
        </div>
      </div>
    </ToastContext.Provider>
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
        "pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg " +
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
