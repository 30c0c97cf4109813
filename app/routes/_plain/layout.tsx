// The site header over a page with no footer: a step a visitor passes through (checkout, topping up the balance),
// the local mailbox, and the not-found page. No loader (decision 006).
import { Outlet } from "react-router";
import { ToastRegion } from "~/components/toaster.tsx";
import { SiteHeader, usePageHeaderItems } from "~/components/site-header.tsx";

export default function PlainLayout() {
  const headerItems = usePageHeaderItems();
  return (
    <>
      <SiteHeader>{headerItems}</SiteHeader>
      {/* Under the header, in the flow: a toast covers nothing (the page's own <main> follows). */}
      <ToastRegion className="mx-auto w-full max-w-6xl px-4 pt-6" />
      <Outlet />
    </>
  );
}
