// The frame of the public site's pages (the landing page, a tournament, a series, a player's profile): the skip
// link, the site header with what the page puts in it (its `handle`, components/site-header.tsx), the page, the
// footer. No loader: a page that shows its viewer reads them with its own data, in its one round trip (decision 006).
import { Outlet } from "react-router";
import { ToastRegion } from "~/components/toaster.tsx";
import { SiteFooter, SiteHeader, usePageHeaderItems } from "~/components/site-header.tsx";

export default function PublicLayout() {
  const headerItems = usePageHeaderItems();
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader>{headerItems}</SiteHeader>
      {/* Under the header, in the flow: a toast covers nothing (the page's own <main> follows). */}
      <ToastRegion className="mx-auto w-full max-w-6xl px-4 pt-6" />
      <Outlet />
      <SiteFooter />
    </>
  );
}
