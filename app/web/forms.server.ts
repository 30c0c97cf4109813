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
