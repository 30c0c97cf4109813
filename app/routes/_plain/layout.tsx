// The site header over a page with no footer: a step a visitor passes through (checkout, topping up the balance),
// the local mailbox, and the not-found page. No loader (decision 006).
import { Outlet } from "react-router";
import { SiteHeader, usePageHeaderItems } from "~/components/site-header.tsx";

export default function PlainLayout() {
  const headerItems = usePageHeaderItems();
  return (
    <>
      <SiteHeader>{headerItems}</SiteHeader>
      <Outlet />
    </>
  );
}
