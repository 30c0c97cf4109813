// "Signed-in devices" on both dashboards: every browser signed in to the
// account, with "Sign out" for each and "Sign out everywhere else". Plain
// forms, so it all works without JavaScript.
import { Form, Link } from "react-router";
import { Badge } from "./badges.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { useIsSubmitting } from "./form.tsx";
import { LocalDateTime } from "./local-date-time.tsx";

export type DeviceView = { id: string; device: string; createdAt: number; lastSeenAt: number; current: boolean };

export function SignedInDevices({ devices, dashboard }: { devices: DeviceView[]; dashboard: string }) {
  const others = devices.filter((d) => !d.current).length;
  return (
    <section className="card" aria-labelledby="devices-title">
      <h2 id="devices-title" className="text-lg font-semibold">
        Signed-in devices
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800">
        {devices.map((d) => (
          <li key={d.id} className="flex items-center justify-between gap-3 py-3" data-testid="device">
            <div className="min-w-0 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                <span className="truncate">{d.device}</span>
                {d.current ? <Badge tone="green">This device</Badge> : null}
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                Last active <LocalDateTime instant={d.lastSeenAt} />
              </p>
              <p className="text-slate-600 dark:text-slate-400">
                Signed in <LocalDateTime instant={d.createdAt} />
              </p>
            </div>
            {d.current ? (
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="btn-secondary min-h-9 shrink-0 py-1.5 text-xs whitespace-nowrap"
                  aria-label="Sign out of this device"
                >
                  Sign out
                </button>
              </Form>
            ) : (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={d.id} />
                <button
                  type="submit"
                  className="btn-secondary min-h-9 shrink-0 py-1.5 text-xs whitespace-nowrap"
                  aria-label={`Sign out ${d.device}`}
                >
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Link to={`${dashboard}?devices=sign-out-others`} preventScrollReset className="btn-secondary mt-3 w-full">
          Sign out everywhere else
        </Link>
      ) : (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">You're not signed in anywhere else.</p>
      )}
    </section>
  );
}

export function SignOutOthersDialog({ open, others, dashboard }: { open: boolean; others: number; dashboard: string }) {
  const busy = useIsSubmitting();
  return (
    <ConfirmDialog
      open={open && others > 0}
      title="Sign out everywhere else?"
      description={
        `${others === 1 ? "1 other device" : `${others} other devices`} will be signed out and need your password ` +
        "to sign in again. This device stays signed in."
      }
      confirmLabel="Sign out everywhere else"
      cancelTo={dashboard}
      destructive
      busy={busy}
    >
      <input type="hidden" name="intent" value="end-other-sessions" />
    </ConfirmDialog>
  );
}
