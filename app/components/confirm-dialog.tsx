// A confirmation dialog whose open state lives in the URL (?confirm=…), so
// it works without JavaScript: the server renders it open, its form posts,
// Cancel is a link. With JavaScript, Radix adds focus trapping and Escape.
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useRef, type ReactNode } from "react";
import { Form, Link, useNavigate } from "react-router";

export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelTo,
  action,
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
  destructive?: boolean;
  busy?: boolean;
  /** Hidden inputs of the confirming form. */
  children?: ReactNode;
  /** When the action cannot be taken: the step to take instead, offered in place of the confirm button. */
  instead?: { to: string; label: string };
}) {
  const navigate = useNavigate();
  // Explicit ids so the dialog is named in the server-rendered HTML too.
  const titleId = useId();
  const descriptionId = useId();
  // Radix gives the focus back to a Dialog.Trigger on close; these dialogs
  // open from links (the URL), so remember what had the focus and give it
  // back. When that is gone (the match now has a result), the focus goes to
  // the nearest [data-focus-return] around it rather than to the page's top.
  const returnFocus = useRef<{ opener: HTMLElement; fallback: HTMLElement | null } | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) navigate(cancelTo, { replace: true, preventScrollReset: true });
      }}
    >
      {open ? (
        <>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/60" />
          <Dialog.Content
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            onOpenAutoFocus={() => {
              const opener = document.activeElement;
              returnFocus.current =
                opener instanceof HTMLElement && opener !== document.body
                  ? { opener, fallback: opener.closest<HTMLElement>("[data-focus-return]") }
                  : null;
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const target = returnFocus.current;
              returnFocus.current = null;
              if (target?.opener.isConnected) target.opener.focus();
              else if (target?.fallback?.isConnected) target.fallback.focus();
            }}
            className={
              "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md " +
              "-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 " +
              "shadow-xl dark:border-slate-700 dark:bg-slate-900"
            }
          >
            <Dialog.Title id={titleId} className="text-lg font-semibold">
              {title}
            </Dialog.Title>
            <Dialog.Description asChild id={descriptionId}>
              <div className="mt-2 text-sm text-slate-600 dark:text-slate-300">{description}</div>
            </Dialog.Description>
            <Form method="post" action={action} preventScrollReset className="mt-6 space-y-6">
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
          </Dialog.Content>
        </>
      ) : null}
    </Dialog.Root>
  );
}
