// Only same-site paths may be redirected to. Browsers are generous with what
// they take as another host: "//evil.example", "/\evil.example",
// "/\t/evil.example" (tabs and newlines are dropped while parsing) and
// encoded slashes that a proxy may decode all lead off the site. Anything
// that is not plainly a path on this site falls back.
const BASE = "http://same-site.invalid";
const MAX_LENGTH = 2048;

// Controls (including tab, CR, LF and NUL), DEL, backslashes, and the Unicode
// line and paragraph separators.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const FORBIDDEN = /[\u0000-\u001f\u007f\\\u2028\u2029]/;
// Encoded slashes, backslashes and controls in the path.
const ENCODED_FORBIDDEN = /%(2f|5c|[01][0-9a-f]|7f)/i;

export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || to.length === 0 || to.length > MAX_LENGTH) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || FORBIDDEN.test(to)) return fallback;
  const pathEnd = to.search(/[?#]/);
  if (ENCODED_FORBIDDEN.test(pathEnd === -1 ? to : to.slice(0, pathEnd))) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(to, BASE);
  } catch {
    return fallback;
  }
  // Checked on what a browser would make of it, not only on the text.
  if (resolved.origin !== BASE || resolved.pathname.startsWith("//")) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * `path` with the page to come back to, when there is one: the return address
 * travels between sign-in and sign-up so a player who opened a tournament link
 * lands back on it. Only a safe same-site path is carried.
 */
export function withReturn(path: string, redirectTo: string | null, extra: Record<string, string> = {}): string {
  const back = safeRedirectPath(redirectTo, "");
  const query = new URLSearchParams({ ...extra, ...(back ? { redirectTo: back } : {}) }).toString();
  return query ? `${path}?${query}` : path;
}
