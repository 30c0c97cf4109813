// Only same-site paths may be redirected to: "/x" but not "//evil.com" or
// "/\evil.com", which browsers treat as another host.
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) {
    return fallback;
  }
  return to;
}
