// The card of the sign-up, login and password pages, drawn in their layout's centred column
// (routes/_auth/layout.tsx): the title, a line under it, the form; and the toast of the page's last submission.
import type { ReactNode } from "react";
import { ActionToast, type ActionToast as Toast } from "./form.tsx";

export function AuthCard({
  title,
  description,
  toast,
  children,
}: {
  title: string;
  description?: ReactNode;
  toast?: Toast | null;
  children: ReactNode;
}) {
  return (
    <>
      <ActionToast toast={toast} />
      <div className="card">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-2 text-slate-600 dark:text-slate-300">{description}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </>
  );
}
