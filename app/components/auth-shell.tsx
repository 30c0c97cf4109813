// The frame of the sign-up, login and password pages: logo home, theme
// toggle, one centred card.
import type { ReactNode } from "react";
import { ActionToast, type ActionToast as Toast } from "./form.tsx";
import { SiteHeader } from "./site-header.tsx";

export function AuthShell({
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
      <SiteHeader />
      <ActionToast toast={toast} />
      <main id="main" className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
        <div className="card">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="mt-2 text-slate-600 dark:text-slate-300">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </>
  );
}
