// The frame of the player's signed-in pages: the player's navigation, the page in its main column. No loader: each
// page checks the session with its own data, in its one round trip (decision 006).
import { Outlet } from "react-router";
import { AppShell, playerNav } from "~/components/app-shell.tsx";

export default function PlayerLayout() {
  return (
    <AppShell nav={playerNav}>
      <Outlet />
    </AppShell>
  );
}
