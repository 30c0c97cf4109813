// A tiny HTTP client with a cookie jar, for driving the Worker like a
// browser (forms, redirects, session cookies) or like an API client.

import { pageFamilyOf } from "../../app/features/tournaments/domain/page-actions.ts";

export class HttpClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** One request; redirects are not followed so tests can assert them. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has("Cookie")) {
      headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("Origin")) {
      headers.set("Origin", this.baseUrl);
    }
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: "manual" });
    this.storeCookies(response);
    return response;
  }

  get(path: string, init: RequestInit = {}): Promise<Response> {
    return this.request(path, { ...init, method: "GET" });
  }

  /** Posts a form as a browser without JavaScript would. */
  postForm(path: string, fields: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    return this.request(path, { ...init, method: "POST", body: new URLSearchParams(fields) });
  }

  /**
   * Posts a form of the tournament page as its form does: `page` is the page's address (`/tournament/{slug}`, with
   * `?tab=floor` when the form is on the floor), and the form goes to the route of its intent's family.
   */
  pagePost(page: string, fields: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    const url = new URL(page, this.baseUrl);
    const family = pageFamilyOf(fields.intent) ?? "play";
    return this.postForm(
      `${url.pathname}/${family}${url.searchParams.get("tab") === "floor" ? "?tab=floor" : ""}`,
      fields,
      init,
    );
  }

  /** The page a form's redirect leads to, read with the cookies it set (the flashed toast and reply). */
  async redirected(response: Response): Promise<Response> {
    const location = response.headers.get("Location");
    if (response.status < 300 || response.status > 399 || !location) {
      throw new Error(`expected a redirect, got ${response.status} ${await response.text()}`);
    }
    return this.get(location);
  }

  /** Sends JSON (any method) to a JSON API route. */
  json(method: string, path: string, body?: unknown, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (body !== undefined) headers.set("Content-Type", "application/json");
    return this.request(path, {
      ...init,
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** Follows redirects like a browser and returns the final response. */
  async follow(path: string, init: RequestInit = {}, maxHops = 10): Promise<Response> {
    let response = await this.request(path, init);
    let hops = 0;
    while (response.status >= 300 && response.status < 400 && hops < maxHops) {
      const location = response.headers.get("Location");
      if (!location) break;
      response = await this.get(location);
      hops += 1;
    }
    return response;
  }

  private storeCookies(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attr) => {
        const [k = "", v = ""] = attr.split("=").map((s) => s.trim());
        return (
          (k.toLowerCase() === "max-age" && Number(v) <= 0) ||
          (k.toLowerCase() === "expires" && Date.parse(v) < Date.now())
        );
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}
