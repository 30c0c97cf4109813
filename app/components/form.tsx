// Form fields wired to the form's state (use-form.ts): label, input, error
// message and the ARIA links between them.
import { useEffect, type ReactNode } from "react";
import { useNavigation } from "react-router";
import { ToastCard, useToast } from "./toaster.tsx";
import { useHydrated } from "./hydrated.ts";
import { inputProps as fieldInputProps, type FieldMeta } from "./use-form.ts";

type InputType = "text" | "email" | "password" | "number" | "date" | "time" | "datetime-local" | "search";

export function TextField({
  label,
  meta,
  type = "text",
  autoComplete,
  placeholder,
  hint,
  inputProps,
  hidden,
}: {
  label: string;
  meta: FieldMeta;
  type?: InputType;
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  inputProps?: Record<string, string | number | boolean | undefined>;
  /** Left out of view (and of the tab order) while it does not apply. */
  hidden?: boolean;
}) {
  const errors = meta.errors;
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = fieldInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div className="space-y-1.5" hidden={hidden}>
      <label htmlFor={meta.id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        {...props}
        autoComplete={autoComplete}
        placeholder={placeholder}
        {...inputProps}
        className={
          "block w-full rounded-lg border bg-white px-3 py-2.5 text-base shadow-sm placeholder:text-slate-400 " +
          "dark:bg-slate-950 " +
          (errors?.length ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700")
        }
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={errors} />
    </div>
  );
}

export function FieldError({ id, errors }: { id: string; errors: string[] | undefined }) {
  return (
    <p id={id} className="min-h-0 text-sm font-medium text-red-700 dark:text-red-400" aria-live="polite">
      {errors?.[0] ?? null}
    </p>
  );
}

export function FormError({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className={
        "rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800 " +
        "dark:border-red-800 dark:bg-red-950 dark:text-red-200"
      }
    >
      {errors[0]}
    </div>
  );
}

/** True while this page's form is being submitted (not while navigating elsewhere). */
export function useIsSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (action === undefined || navigation.formAction === action);
}

export type ActionToast = { id: string; type: "success" | "error"; title: string; description?: string };

/**
 * The toast an action returned (failures that do not redirect). Once the
 * page is hydrated it goes through the toaster; before that — or with
 * JavaScript off — it is rendered in place so the message is still seen:
 * pinned to the bottom of the screen, or, given `closeTo` (the page without
 * the message), in the flow where it stands, covering nothing, with a close
 * link.
 */
export function ActionToast({ toast, closeTo }: { toast: ActionToast | undefined | null; closeTo?: string }) {
  const { show } = useToast();
  const hydrated = useHydrated();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per toast (its id), not per render of the same one
  useEffect(() => {
    if (toast) show(toast);
  }, [toast?.id]);
  if (hydrated || !toast) return null;
  if (closeTo) {
    return (
      <div role="alert">
        <ToastCard toast={toast} closeTo={closeTo} />
      </div>
    );
  }
  return (
    <div className="fixed inset-x-0 bottom-0 z-50 flex justify-center p-4 sm:justify-end">
      <div role="alert" className="w-full max-w-sm">
        <ToastCard toast={toast} />
      </div>
    </div>
  );
}
