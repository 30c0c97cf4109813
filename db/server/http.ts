// The HTTP side: one route, `POST /v2/pipeline`, JSON in and out. `@libsql/client` (0.18) opens its HTTP
// client at protocol version 2, so it never probes for v3 and never asks for anything else.
// Every other path gets a JSON 404 naming the one route there is.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { ProtocolError, toHranaError } from "./protocol.ts";

const PIPELINE_PATH = "/v2/pipeline";
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export type PipelineRunner = (body: unknown) => Promise<unknown>;

export function pipelineListener(runPipeline: PipelineRunner): RequestListener {
  return (req, res) => {
    route(runPipeline, req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { message: toHranaError(e).message, code: "INTERNAL_ERROR" });
      else res.destroy();
    });
  };
}

async function route(runPipeline: PipelineRunner, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "") || "/";
  const method = req.method ?? "GET";
  if (path !== PIPELINE_PATH) {
    const message = `no route for ${method} ${path}: this server speaks Hrana over HTTP v2 at POST ${PIPELINE_PATH}`;
    return send(res, 404, { message, code: "NOT_FOUND" });
  }
  if (method !== "POST") return send(res, 405, { message: "use POST", code: "METHOD_NOT_ALLOWED" });
  try {
    send(res, 200, await runPipeline(await readJson(req)));
  } catch (e) {
    if (!(e instanceof ProtocolError)) throw e;
    send(res, 400, { message: e.message, code: e.code });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  // The client only reads an error's message and code when the content-type is exactly "application/json".
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  const body: AsyncIterable<unknown> = req;
  for await (const chunk of body) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buf.length;
    if (size > MAX_BODY_BYTES) throw new ProtocolError("request body is too large", "BODY_TOO_LARGE");
    chunks.push(buf);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch (e) {
    throw new ProtocolError(`invalid JSON body: ${e instanceof Error ? e.message : String(e)}`);
  }
}
