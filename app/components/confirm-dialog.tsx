// A confirmation dialog whose open state lives in the URL (?confirm=…), so
// it works without JavaScript: the server renders it open, its form posts,
// Cancel is a link. With JavaScript the browser's own modal <dialog> adds
// the rest — the page behind goes inert, Escape cancels, the focus stays
// inside and comes back to what opened it — with no dialog library shipped.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelTo,
  action,
  navigate,
  destructive = false,
  busy = false,
  instead,
  children,
}: {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Where Cancel (and Escape) go: the same page without ?confirm. */
  cancelTo: string;
  action?: string;
  /**
   * false: with JavaScript the form posts without navigating to `action` (a fetcher), so the page stays where it is —
   * and a write the network drops lands in this page's error boundary, not on the action's address.
   */
  navigate?: boolean;
  destructive?: boolean;
  busy?: boolean;
  /** Hidden inputs of the confirming form. */
  children?: ReactNode;
  /** When the action cannot be taken: the step to take instead, offered in place of the confirm button. */
  instead?: { to: string; label: string };
}) {
  if (!open) return null;
  return (
    <ModalDialog title={title} description={description} cancelTo={cancelTo}>
      <Form method="post" action={action} navigate={navigate} preventScrollReset className="mt-6 space-y-6">
        {children}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={cancelTo} replace preventScrollReset className="btn-secondary">
            Cancel
          </Link>
          {instead ? (
            <Link to={instead.to} className="btn-primary">
              {instead.label}
            </Link>
          ) : (
            <button
              type="submit"
              disabled={busy}
              className={
                destructive
                  ? "btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500"
                  : "btn-primary"
              }
            >
              {busy ? "Working..." : confirmLabel}
            </button>
          )}
        </div>
      </Form>
    </ModalDialog>
  );
}

const FOCUSABLE =
  "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea";

/** What Tab stops at, in order: of each group of radios only the checked one (or the first while none is). */
function tabStops(root: HTMLElement): HTMLElement[] {
  const seenGroups = new Set<string>();
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => {
    const shown = el.tabIndex >= 0 && el.getClientRects().length > 0;
    if (!shown || !(el instanceof HTMLInputElement) || el.type !== "radio" || !el.name) return shown;
    if (seenGroups.has(el.name)) return false;
    seenGroups.add(el.name);
    return true;
  });
}

const sameStop = (stop: HTMLElement | undefined, el: Element | null) =>
  stop === el ||
  (stop instanceof HTMLInputElement &&
    el instanceof HTMLInputElement &&
    stop.type === "radio" &&
    stop.name === el.name);

/** The modal itself (no form): for a dialog that only lists links, with its own way out. */
export function ModalDialog({
  title,
  description,
  cancelTo,
  children,
}: {
  title: string;
  description: ReactNode;
  cancelTo: string;
  children: ReactNode;
}) {
  const ref = useModal(cancelTo);
  // Explicit ids so the dialog is named in the server-rendered HTML too.
  const titleId = useId();
  const descriptionId = useId();

  return (
    <>
      <div className="fixed inset-0 z-40 bg-slate-950/60" aria-hidden="true" />
      <dialog
        ref={ref}
        open
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className={
          "fixed top-1/2 left-1/2 z-50 m-0 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md " +
          "-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 " +
          "text-inherit shadow-xl backdrop:bg-transparent dark:border-slate-700 dark:bg-slate-900"
        }
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={descriptionId} className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {description}
        </div>
        {children}
      </dialog>
    </>
  );
}

/**
 * What makes the dialog drawn open a modal once the page runs: the page behind inert, Escape to `cancelTo`, Tab kept
 * inside, and the focus given back to what opened it when it closes.
 */
function useModal(cancelTo: string) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  // Where Escape goes, read when it is pressed (the page may re-render meanwhile).
  const onCancel = useRef(() => {});
  onCancel.current = () => navigate(cancelTo, { replace: true, preventScrollReset: true });

  // What had the focus before the dialog opened, and where it goes when that is gone.
  const focusReturn = useRef<{ opener: HTMLElement | null; fallback: HTMLElement | null }>({
    opener: null,
    fallback: null,
  });

  // A layout effect: the dialog turns modal in the same task that draws it, so
  // no key pressed in between can find it drawn but not yet listening (Escape
  // does nothing to a non-modal dialog).
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // These dialogs open from links (the URL): remember what had the focus to
    // give it back. When that is gone (the match now has a result), the focus
    // goes to the nearest [data-focus-return] around it, not the page's top.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusReturn.current = { opener, fallback: opener?.closest<HTMLElement>("[data-focus-return]") ?? null };
    // Rendered open (and usable without JavaScript); now make it modal.
    if (!dialog.matches(":modal")) {
      dialog.close();
      dialog.showModal();
    }
    const cancel = (event: Event) => {
      event.preventDefault();
      onCancel.current();
    };
    // A modal dialog keeps the focus in the page; keep Tab cycling inside the dialog.
    const wrapTab = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const stops = tabStops(dialog);
      const edge = event.shiftKey ? stops[0] : stops.at(-1);
      if (!edge || !sameStop(edge, document.activeElement)) return;
      event.preventDefault();
      const target = event.shiftKey ? stops.at(-1) : stops[0];
      const checked =
        target instanceof HTMLInputElement && target.type === "radio"
          ? dialog.querySelector<HTMLElement>(`input[type=radio][name="${CSS.escape(target.name)}"]:checked`)
          : null;
      (checked ?? target)?.focus();
    };
    dialog.addEventListener("cancel", cancel);
    dialog.addEventListener("keydown", wrapTab);
    return () => {
      dialog.removeEventListener("cancel", cancel);
      dialog.removeEventListener("keydown", wrapTab);
      if (dialog.isConnected) dialog.close();
    };
  }, []);

  // The focus goes back once the page has settled (a passive effect: the
  // closing commit may also remove the opener, as a recorded result does).
  useEffect(
    () => () => {
      const { opener, fallback } = focusReturn.current;
      if (opener?.isConnected) opener.focus();
      else if (fallback?.isConnected) fallback.focus();
    },
    [],
  );

  return ref;
}
