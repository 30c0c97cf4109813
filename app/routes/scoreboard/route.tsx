// The tablet's start screen: type the table's access code once.
import { useState } from "react";
import { data, Form, redirect } from "react-router";
import { appContext } from "~/context.server.ts";
import { visitor } from "~/web/access.server.ts";
import { findByCode, isCodeRefusal, sentCode } from "~/features/floor/server/table-codes.server.ts";
import { tableByCodeQuery } from "~/features/floor/server/tables.server.ts";
import { forgetCode, rememberedCode } from "~/features/floor/server/tablets.server.ts";
import { useHydrated } from "~/components/hydrated.ts";
import { Logo } from "~/components/icons.tsx";
import { AccessCodeInput } from "~/components/access-code-input.tsx";
import { ThemeToggle } from "~/components/theme-toggle.tsx";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Table Scoreboard — Break & Run" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get("code")?.trim();
  if (code) throw redirect(`/scoreboard/${encodeURIComponent(code.slice(0, 32).toUpperCase())}`);
  // A tablet set up before goes straight back to its table (decision 024), unless that code is gone: then the box.
  const remembered = rememberedCode(request);
  if (!remembered) return null;
  // Checked as any code is: a wrong one counts against the address (a cookie is no way round the limit).
  const table = await findByCode(await visitor(context), sentCode(request, remembered), tableByCodeQuery).catch(
    (error: unknown) => {
      if (!isCodeRefusal(error)) throw error;
      return null;
    },
  );
  if (table) throw redirect(`/scoreboard/${table.accessCode}`);
  return data(null, { headers: { "Set-Cookie": forgetCode(context.get(appContext).env.APP_ENV === "production") } });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ScoreboardStart() {
  const [code, setCode] = useState("");
  const hydrated = useHydrated();
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-8 p-6">
      <div className="absolute top-4 right-4">
        <ThemeToggle />
      </div>
      <div className="flex items-center gap-3 text-2xl font-bold">
        <Logo className="size-10 text-baize-700 dark:text-baize-400" /> Break &amp; Run
      </div>
      <div className="card w-full max-w-md">
        <h1 className="text-2xl font-bold">Table Scoreboard</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">
          Enter this table's access code. You only need to do it once.
        </p>
        {/* A full page load: the board runs without React (decision 009). */}
        <Form method="get" action="/scoreboard" reloadDocument className="mt-6 space-y-4">
          <label htmlFor="code" className="block text-sm font-medium">
            Access code
          </label>
          <AccessCodeInput
            value={code}
            onChange={(event) => setCode(event.target.value)}
            placeholder="e.g., K7M2QX9P"
          />
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={hydrated && code.trim() === ""}>
            View Scoreboard
          </button>
        </Form>
      </div>
    </main>
  );
}
