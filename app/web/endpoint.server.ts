// The JSON API's one shape of endpoint: which methods a path takes, who may
// call each, the body each reads, and one mapping of every refusal to
// { message, errors? } with DESIGN §7's statuses. A route lists its methods;
// the order of checks is the same everywhere: method (405), caller (401/403),
// path parameters (404), body (415/413/400), then the handler.
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { appContext, type AppContext } from "~/context.server.ts";
import type { UserType } from "~/domain/accounts.ts";
import { errorHeaders, isDomainError } from "~/domain/errors.ts";
import { apiCaller, visitor, type Caller, type Visitor } from "./access.server.ts";
import { jsonError, readJson } from "./http.server.ts";

type Ctx = Readonly<RouterContextProvider>;
type Args = { request: Request; params: Readonly<Record<string, string | undefined>>; context: Ctx };

/**
 * Who may call: "anyone" gets a Visitor (reads carry the session's user when
 * there is one); "signed-in", "player" and "organiser" get a Caller or a
 * 401/403; "system" (webhooks, health) gets no caller at all.
 */
type Who = "anyone" | "signed-in" | "system" | UserType;
type CallerOf<W extends Who> = W extends "anyone" ? Visitor : W extends "system" ? null : Caller;

type Input<W extends Who, B, P extends string> = {
  request: Request;
  context: Ctx;
  app: AppContext;
  params: Readonly<Record<P, string>>;
  caller: CallerOf<W>;
  body: B;
};

type Spec<W extends Who, S extends z.core.$ZodType | undefined, P extends string> = {
  who: W;
  /** The JSON body's schema; without one the handler reads the request itself, if at all. */
  body?: S;
  /** Path parameters the handler uses; a missing one is a 404. */
  params?: readonly P[];
};

/** One method of an endpoint: checks done, then `run`. */
export type Handler = (args: Args) => Promise<Response>;

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

async function callerFor(who: Who, context: Ctx): Promise<Caller | Visitor | null> {
  if (who === "system") return null;
  if (who === "anyone") return visitor(context);
  return apiCaller(context, who === "signed-in" ? undefined : who);
}

/** A method's handler: `spec` says who and what it reads, `run` answers. */
export function on<W extends Who, S extends z.core.$ZodType | undefined = undefined, P extends string = never>(
  spec: Spec<W, S, P>,
  run: (input: Input<W, S extends z.core.$ZodType ? z.output<S> : undefined, P>) => Response | Promise<Response>,
): Handler {
  return async ({ request, params, context }) => {
    const caller = (await callerFor(spec.who, context)) as CallerOf<W>;
    const named: Partial<Record<P, string>> = {};
    for (const name of spec.params ?? []) {
      const value = params[name];
      if (value === undefined) throw jsonError(404, "Not found");
      named[name] = value;
    }
    const body = (spec.body ? await readJson(request, spec.body) : undefined) as S extends z.core.$ZodType
      ? z.output<S>
      : undefined;
    const app = context.get(appContext);
    return run({ request, context, app, params: named as Record<P, string>, caller, body });
  };
}

/** Thrown Responses and DomainErrors become answers; anything else is our fault, logged and a 500. */
export async function answer(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isDomainError(error)) {
      const errors = error.field ? { [error.field]: [error.message] } : undefined;
      return jsonError(error.status, error.message, errors, errorHeaders(error));
    }
    console.error("Unhandled API error", error);
    return jsonError(500, "Something went wrong on our side. Please try again.");
  }
}

/**
 * An API path: its methods, each from `on`. Export the result as both the
 * route's loader and its action (`export { api as loader, api as action }`):
 * GET and HEAD come to the loader, the rest to the action, and a method the
 * path does not take is a 405 naming those it does.
 */
export function endpoint(methods: Partial<Record<Method, Handler>>): Handler {
  const allowed = METHODS.filter((m) => methods[m]).flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
  return (args) =>
    answer(async () => {
      const method = args.request.method === "HEAD" ? "GET" : args.request.method;
      const handler = (METHODS as readonly string[]).includes(method) ? methods[method as Method] : undefined;
      if (!handler) {
        return Response.json(
          { message: "Method not allowed" },
          { status: 405, headers: { Allow: allowed.join(", ") } },
        );
      }
      return handler(args);
    });
}
