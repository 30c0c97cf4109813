// The local outbox (DESIGN §6): e-mail the app would have sent. 404 when the
// outbox is not the configured sender or in production.
import { data, useLoaderData } from "react-router";
import { appContext } from "~/context.server.ts";
import { outboxIsReadable, readOutbox } from "~/server/email.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Mailbox (local) — Break & Run" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { env, database } = context.get(appContext);
  if (!outboxIsReadable(env)) throw data("Not found", { status: 404 });
  return { emails: await readOutbox(database) };
}

const urlPattern = /(https?:\/\/[^\s]+)/g;

function Linkified({ text }: { text: string }) {
  // split() with a capturing group alternates text and URLs: odd positions are the links.
  const parts = text.split(urlPattern).map((part, position) => ({ part, position, isLink: position % 2 === 1 }));
  return (
    <>
      {parts.map(({ part, position, isLink }) =>
        isLink ? (
          <a key={position} href={part} className="break-all text-baize-700 underline dark:text-baize-300">
            {part}
          </a>
        ) : (
          <span key={position}>{part}</span>
        ),
      )}
    </>
  );
}

export default function Mailbox() {
  const { emails } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Local mailbox</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        E-mail sent while running locally, newest first. Production sends real e-mail instead.
      </p>
      {emails.length === 0 ? (
        <p className="card mt-6">No e-mail yet.</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {emails.map((email, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the outbox as read, newest first, never reordered
            <li key={index} className="card">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                To {email.to} · {new Date(email.createdAt).toLocaleString("en-GB")}
              </p>
              <h2 className="mt-1 font-semibold">{email.subject}</h2>
              <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">
                <Linkified text={email.text} />
              </pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
