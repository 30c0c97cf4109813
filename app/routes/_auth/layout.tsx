// The frame of the sign-up, login and password pages: the site header (logo home, theme toggle) over one centred
// column, where each page draws its card (components/auth-card.tsx).
import { Outlet } from "react-router";
import { SiteHeader } from "~/components/site-header.tsx";
import { ToastRegion } from "~/components/toaster.tsx";

export default function AuthLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto flex w-full max-w-md flex-col px-4 py-10 sm:py-16">
        <ToastRegion className="mb-6" />
        <Outlet />
      </main>
    </>
  );
}
