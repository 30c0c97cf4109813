// What every request passes through before React Router sees it, and every
// answer after: cross-site mutations, methods, the body limit (counted as the
// bytes arrive), body types, the security headers, and the answer when the
// database is not answering. Nothing a client sends gets past here as a 500.

const MAX_BODY_BYTES = 1024 * 1024;
export const DATABASE_DOWN = "The database is not answering — try again in a moment";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const PAGE_METHODS = "GET, HEAD, POST";
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** Form-posting resource routes that also take JSON (the theme toggle posts the theme as JSON). */
const FORM_OR_JSON_PATHS = new Set(["/action/set-theme", "/action/set-theme.data"]);
/** Signed by Stripe instead of sent from our pages: no Origin check. */
const WEBHOOK_PATHS = new Set(["/api/stripe/webhook"]);

/** JSON for the API, plain text for React Router's data requests (its client shows it), HTML for pages. */
type Kind = "api" | "data" | "page";

function kindOf(url: URL): Kind {
  if (url.pathname === "/api" || url.pathname.startsWith("/api/")) return "api";
  if (url.pathname.endsWith(".data")) return "data";
  return "page";
}

/** The media type without parameters, lower-cased: "multipart/form-data". */
export function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";", 1)[0]?.trim().toLowerCase() ?? "";
}

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The body style of the error page below, which has no stylesheet of its own. */
const BODY_STYLE =
  "font-family:system-ui,sans-serif;max-width:36rem;margin:15vh auto;" +
  "padding:0 1.5rem;line-height:1.5;text-align:center";

/** A refusal in the shape the caller reads. */
function edgeError(url: URL, status: number, message: string, headers: Record<string, string> = {}): Response {
  const kind = kindOf(url);
  if (kind === "api") return Response.json({ message }, { status, headers });
  if (kind === "data") {
    return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });
  }
  const title = status === 503 ? "Try again in a moment" : "This request could not be handled";
  const page = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} — Break &amp; Run</title></head>
<body style="${BODY_STYLE}">
<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go Home</a></p></main>
</body></html>`;
  return new Response(page, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...headers } });
}

/**
 * How much more of a body past the limit is read (and dropped) before the 413
 * goes: more than Cloudflare lets through to a Worker at all (100-500 MB by
 * plan), so in production an upload is always read to its end.
 */
const DRAIN_LIMIT_BYTES = 512 * 1024 * 1024;

type Reader = ReadableStreamDefaultReader<Uint8Array>;

/**
 * Reads and drops what is left of a body past the limit before answering:
 * nothing is kept, so memory stays flat whatever the size. An answer sent
 * while its upload is still arriving (or being read in the background) can
 * break the connection it travels on, and a proxy in front then answers 500
 * for us, so the upload is only cut off past `DRAIN_LIMIT_BYTES`.
 */
async function drain(reader: Reader | undefined): Promise<void> {
  if (!reader) return;
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      size += value.byteLength;
      if (size > DRAIN_LIMIT_BYTES) break;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to read.
  }
}

/**
 * Reads a body, counting bytes as they arrive: the bytes, or, once it passes
 * `limit`, the reader with the rest for `drain`.
 */
async function readBodyWithin(
  request: Request,
  limit: number,
): Promise<{ body: Uint8Array<ArrayBuffer> } | { rest: Reader | undefined }> {
  // A declared length is not trusted either way: the bytes are counted.
  const reader = request.body?.getReader();
  if (!reader) return { body: new Uint8Array(0) };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let result: ReadableStreamReadResult<Uint8Array>;
    try {
      result = await reader.read();
    } catch {
      // The client went away, or sent a broken chunked encoding.
      return { body: new Uint8Array(0) };
    }
    if (result.done) break;
    size += result.value.byteLength;
    if (size > limit) return { rest: reader };
    chunks.push(result.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body };
}

async function isReadableForm(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<boolean> {
  try {
    await new Response(body, { headers: { "Content-Type": contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

/**
 * The request React Router should see (its body read in full, at most
 * `MAX_BODY_BYTES`), or the answer that refuses it.
 */
export async function admitRequest(request: Request): Promise<Request | Response> {
  const url = new URL(request.url);
  const kind = kindOf(url);
  if (SAFE_METHODS.has(request.method)) {
    if (request.method === "OPTIONS" && kind !== "api")
      return new Response(null, { status: 204, headers: { Allow: PAGE_METHODS } });
    return request;
  }

  // The body is read before any answer, counting bytes as they arrive (an
  // answer sent before its upload has been read can break the connection it
  // travels back on). Past the limit nothing more is kept or parsed: the rest
  // is drained and the answer is 413.
  const read = await readBodyWithin(request, MAX_BODY_BYTES);
  if ("rest" in read) {
    await drain(read.rest);
    return edgeError(url, 413, "Request body too large");
  }
  const body = read.body;

  if (!WEBHOOK_PATHS.has(url.pathname)) {
    const origin = request.headers.get("Origin");
    if ((origin !== null && origin !== url.origin) || request.headers.get("Sec-Fetch-Site") === "cross-site") {
      // JSON whatever the path: this is what the existing clients and suites read.
      return Response.json({ message: "Cross-origin request refused" }, { status: 403 });
    }
  }

  if (kind !== "api" && request.method !== "POST") {
    return edgeError(url, 405, `${request.method} is not allowed here`, { Allow: PAGE_METHODS });
  }

  if (kind !== "api") {
    const type = mediaType(request.headers.get("Content-Type"));
    // The theme toggle posts its JSON as a bare string: the browser calls it text/plain.
    const jsonAllowed = FORM_OR_JSON_PATHS.has(url.pathname) && (type === "application/json" || type === "text/plain");
    if (!FORM_TYPES.has(type) && !jsonAllowed) {
      return edgeError(url, 415, "Send this form as a form (application/x-www-form-urlencoded or multipart/form-data)");
    }
    if (type === "multipart/form-data" && !(await isReadableForm(body, request.headers.get("Content-Type") ?? ""))) {
      return edgeError(url, 400, "The form data could not be read");
    }
  }

  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: body.byteLength > 0 ? body : null,
    signal: request.signal,
  });
}

export type Answer = {
  /** The nonce this request's inline scripts carry (Content-Security-Policy). */
  nonce: string;
  production: boolean;
  /** Whether a database call of this request failed or passed its deadline. */
  databaseFailed: boolean;
  /** React Router's dev server injects its own scripts: no CSP there. */
  dev: boolean;
};

const CHECKOUT_PATH = /^\/tournament\/[^/]+\/checkout\/?$/;

/** Stripe's hosts, on the checkout only (stripe.com/docs/security/guide#content-security-policy). */
const STRIPE = {
  script: "https://js.stripe.com https://*.js.stripe.com",
  frame: "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
  connect: "https://api.stripe.com",
  img: "https://*.stripe.com",
};

function contentSecurityPolicy(url: URL, nonce: string): string {
  const stripe = CHECKOUT_PATH.test(url.pathname);
  // The push channels (decision 009): CSP 3 lets 'self' cover them, older browsers (Safari before 15) need them named.
  const sockets = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripe ? ` ${STRIPE.script}` : ""}`,
    // React and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${stripe ? ` ${STRIPE.img}` : ""}`,
    "font-src 'self'",
    `connect-src 'self' ${sockets}${stripe ? ` ${STRIPE.connect}` : ""}`,
    `frame-src ${stripe ? STRIPE.frame : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** A fresh nonce: 16 random bytes, base64. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The answer as it leaves: the database's 503, the security headers, no caching of anything personal. */
export function finishResponse(request: Request, response: Response, answer: Answer): Response {
  const url = new URL(request.url);
  if (answer.databaseFailed && response.status >= 500 && response.status !== 503) {
    response = edgeError(url, 503, DATABASE_DOWN, { "Retry-After": "5" });
  } else {
    // Responses may be immutable (redirects, fetched ones): copy to set headers.
    response = new Response(response.body, response);
  }
  const headers = response.headers;
  // React Router's own 503 (entry.server.tsx) says when to try again too.
  if (answer.databaseFailed && response.status === 503 && !headers.has("Retry-After")) headers.set("Retry-After", "5");
  if (response.status === 405 && !headers.has("Allow") && kindOf(url) !== "api") headers.set("Allow", "GET, HEAD");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (answer.production) headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  if (mediaType(headers.get("Content-Type")) === "text/html") {
    if (!answer.dev) headers.set("Content-Security-Policy", contentSecurityPolicy(url, answer.nonce));
    headers.set("X-Frame-Options", "DENY");
  }
  return response;
}
