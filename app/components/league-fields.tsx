// The secretary's league forms' fields: a label, the control, a hint and the message beside it, tied by ARIA. Plain
// controls with default values: the action checks them with the API's schema and sends them back with the messages.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { FieldError } from "./fields.tsx";
import { inputClass, noteClass } from "./styles.ts";

type Common = { id: string; label: string; error?: string | undefined; hint?: ReactNode };

function aria(id: string, error: string | undefined, hint: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : null, `${id}-error`].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
}

function Around({ id, label, error, hint, children }: Common & { children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={noteClass}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={error ? [error] : undefined} />
    </div>
  );
}

const invalid = (error: string | undefined) => (error ? "border-red-600 dark:border-red-400" : "");

export function InputField({ id, label, error, hint, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Around id={id} label={label} error={error} hint={hint}>
      <input {...input} {...aria(id, error, hint)} className={`${inputClass} ${invalid(error)}`} />
    </Around>
  );
}

export function SelectField({
  id,
  label,
  error,
  hint,
  children,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Around id={id} label={label} error={error} hint={hint}>
      <select {...select} {...aria(id, error, hint)} className={`${inputClass} ${invalid(error)}`}>
        {children}
      </select>
    </Around>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  hint,
  ...area
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Around id={id} label={label} error={error} hint={hint}>
      <textarea {...area} {...aria(id, error, hint)} className={`${inputClass} ${invalid(error)}`} />
    </Around>
  );
}
