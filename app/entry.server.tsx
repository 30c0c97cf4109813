// Renders pages on the server: React Router's default for Workers, plus the
// Content-Security-Policy nonce on every inline script, and the "database is
// not answering" page (503) when a page failed because the database did.
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceProvider } from "./components/nonce.tsx";
import { appContext } from "./context.server.ts";
import { DATABASE_DOWN } from "./edge.server.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, databaseHealth } = loadContext.get(appContext);
  // React Router renders the error page again with this as the error: the
  // site's own error page, saying what happened, with the right status.
  if (responseStatusCode >= 500 && responseStatusCode !== 503 && databaseHealth.failed) {
    throw new Response(DATABASE_DOWN, { status: 503, statusText: "Service Unavailable" });
  }

  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell are logged by React Router; later ones here.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers (link previews among them) get the whole page at once.
  if (userAgent && isbot(userAgent)) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
