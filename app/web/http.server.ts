// The JSON API's edges: reading a body, answering errors in one shape
// ({ message, errors? } with DESIGN §7's statuses).
import { z } from "zod";

const MAX_JSON_BYTES = 64 * 1024;

export function jsonError(
  status: number,
  message: string,
  errors?: Record<string, string[]>,
  headers?: Record<string, string>,
): Response {
  return Response.json(errors ? { message, errors } : { message }, { status, headers });
}

/** Field errors keyed by field name, plus the first message for `message`. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): {
  message: string;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return { message: issues[0]?.message ?? "Invalid input", errors };
}

/**
 * `application/json`, with at most a UTF-8 charset: not any type that merely
 * mentions it (a cross-site page can send `text/plain; application/json`
 * without asking first).
 */
export function isJsonContentType(contentType: string | null): boolean {
  const [type = "", ...params] = (contentType ?? "").split(";");
  if (type.trim().toLowerCase() !== "application/json") return false;
  return params.every((param) => {
    if (param.trim() === "") return true;
    const [name = "", value = ""] = param.split("=");
    return name.trim().toLowerCase() === "charset" && value.trim().replaceAll('"', "").toLowerCase() === "utf-8";
  });
}

/** Reads and validates a JSON body; throws a 400/413/415 Response otherwise. */
export async function readJson<S extends z.core.$ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    throw jsonError(415, "Expected a JSON body (Content-Type: application/json)");
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_JSON_BYTES) {
    await discardBody(request);
    throw jsonError(413, "Request body too large");
  }
  let text: string;
  try {
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > MAX_JSON_BYTES) throw jsonError(413, "Request body too large");
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof Response) throw error;
    throw jsonError(400, "Request body is not valid UTF-8");
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonError(400, "Malformed JSON body");
  }
  const result = z.safeParse(schema, body);
  if (!result.success) {
    const { message, errors } = issuesToErrors(result.error.issues);
    throw jsonError(400, message, errors);
  }
  return result.data;
}

/**
 * Reads and drops a body we refuse, so the connection stays healthy for the
 * next request (wrangler's local proxy drops connections whose body was left
 * unread).
 */
export async function discardBody(request: Request): Promise<void> {
  try {
    const reader = request.body?.getReader();
    if (!reader) return;
    for (;;) {
      const { done } = await reader.read();
      if (done) return;
    }
  } catch {
    // The client went away: nothing to drain.
  }
}
