// The frame of the director's signed-in pages: the director's navigation, the page in its main column. No loader:
// each page checks the session with its own data, in its one round trip (decision 006).
import { Outlet } from "react-router";
import { AppShell, organiserNav } from "~/components/app-shell.tsx";

export default function DirectorLayout() {
  return (
    <AppShell nav={organiserNav}>
      <Outlet />
    </AppShell>
  );
}
