// A local stand-in for Stripe's API (Stripe itself cannot be reached from
// here): the endpoints our provider calls, on 127.0.0.1, recording every
// request so tests can assert what was sent (form body, Idempotency-Key).
import { createServer, type IncomingMessage, type Server } from "node:http";

type RecordedRequest = {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
  authorization: string | null;
};

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  last_payment_error: { message: string } | null;
};

export type FakeStripe = {
  url: string;
  requests: RecordedRequest[];
  intents: Map<string, Intent>;
  refunds: { payment_intent: string; idempotencyKey: string | null }[];
  /** What a successful Payment Element confirmation does on Stripe's side. */
  succeed: (id: string) => Intent;
  close: () => Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });
}

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const intents = new Map<string, Intent>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds: FakeStripe["refunds"] = [];
  let seq = 0;

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const form = new URLSearchParams(await readBody(request));
    const idempotencyKey = (request.headers["idempotency-key"] as string | undefined) ?? null;
    requests.push({
      method: request.method ?? "",
      path: url.pathname,
      form,
      idempotencyKey,
      authorization: request.headers.authorization ?? null,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const notFound = () => send(404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });

    if (request.method === "POST" && url.pathname === "/v1/payment_intents") {
      const existing = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (existing) return send(200, intents.get(existing));
      const id = `pi_fake_${++seq}_${Date.now()}`;
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount: Number(form.get("amount")),
        currency: form.get("currency") ?? "",
        status: "requires_payment_method",
        client_secret: `${id}_secret_fake`,
        metadata: metadataOf(form),
        description: form.get("description"),
        last_payment_error: null,
      };
      intents.set(id, intent);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return send(200, intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (request.method === "GET" && retrieve?.[1]) {
      const intent = intents.get(retrieve[1]);
      return intent ? send(200, intent) : notFound();
    }
    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (request.method === "POST" && cancel?.[1]) {
      const intent = intents.get(cancel[1]);
      if (!intent) return notFound();
      if (intent.status === "succeeded")
        return send(400, { error: { type: "invalid_request_error", message: "already succeeded" } });
      intent.status = "canceled";
      return send(200, intent);
    }
    if (request.method === "POST" && url.pathname === "/v1/refunds") {
      const paymentIntent = form.get("payment_intent") ?? "";
      if (!intents.has(paymentIntent)) return notFound();
      if (!refunds.some((r) => r.idempotencyKey !== null && r.idempotencyKey === idempotencyKey)) {
        refunds.push({ payment_intent: paymentIntent, idempotencyKey });
      }
      return send(200, {
        id: `re_fake_${++seq}`,
        object: "refund",
        payment_intent: paymentIntent,
        status: "succeeded",
      });
    }
    notFound();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    refunds,
    succeed(id) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = "succeeded";
      return intent;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
