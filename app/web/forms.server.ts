// Small helpers shared by form actions.
import { redirect } from "react-router";
import type { ActionToast } from "~/domain/toast.ts";

export function errorToast(title: string, description?: string): ActionToast {
  return { id: crypto.randomUUID(), type: "error", title, description };
}

/** A form's field as text, cut to `max` characters ("" when it is missing or a file). */
export function formText(form: FormData | Record<string, FormDataEntryValue>, name: string, max = 64): string {
  const value = form instanceof FormData ? form.get(name) : form[name];
  return typeof value === "string" ? value.slice(0, max) : "";
}

/** A redirect that sets several cookies (session, toast). */
export function redirectWithCookies(to: string, cookies: string[]): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect(to, { headers });
}

/** A schema's issues as one message per field (`captain.email`, `players.0.name`), the first said for each. */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A form's text fields as typed (each cut to `max`), to draw it again beside its messages. */
export function formValues(form: FormData, max = 300): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === "string" && name.length <= 40) values[name] = value.slice(0, max);
  return values;
}
