// Form fields wired to the form's state (use-form.ts): label, input, error
// message and the ARIA links between them.
import type { ReactNode } from "react";
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
