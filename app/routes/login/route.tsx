import { parseWithZod } from "@conform-to/zod/v4";
import { useForm } from "~/components/use-form.ts";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { FieldError, FormError, TextField } from "~/components/fields.tsx";
import { choiceCardClass } from "~/components/styles.ts";
import { appContext, type AppContext } from "~/context.server.ts";
import { dashboardPath, LoginSchema } from "~/domain/accounts.ts";
import { errorHeaders, isDomainError } from "~/domain/errors.ts";
import { logIn } from "~/features/accounts/server/use-cases.server.ts";
import { errorToast, redirectWithCookies } from "~/web/forms.server.ts";
import { redirectIfSignedIn, visitor, type Visitor } from "~/web/access.server.ts";
import { commitSession } from "~/web/session.server.ts";
import { clientOf } from "~/features/accounts/server/sessions.server.ts";
import { safeRedirectPath, withReturn } from "~/utils/redirect.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { SignedIn } from "~/features/accounts/server/accounts.server.ts";
import type { SubmissionResult } from "@conform-to/react";

export const meta: Route.MetaFunction = () => [{ title: "Sign in — Break & Run" }];

export async function loader({ context }: Route.LoaderArgs) {
  await redirectIfSignedIn(context);
  return null;
}

class LoginFailed extends Error {
  readonly result: SubmissionResult<string[]>;
  readonly status: number;
  readonly headers: Record<string, string>;
  constructor(
    result: SubmissionResult<string[]>,
    status: number,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.result = result;
    this.status = status;
    this.headers = headers;
  }
}

/** remix-auth's form strategy: validates with the shared schema, then checks the password. */
function authenticator(app: AppContext, db: Visitor, request: Request) {
  return new Authenticator<SignedIn>().use(
    new FormStrategy(async ({ form }) => {
      const submission = parseWithZod(form, { schema: LoginSchema });
      if (submission.status !== "success") {
        throw new LoginFailed(submission.reply({ hideFields: ["password"] }), 400, "Invalid input");
      }
      try {
        return await perform(app, db, logIn, { credentials: submission.value, client: clientOf(request) });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        throw new LoginFailed(
          submission.reply({ hideFields: ["password"], formErrors: [error.message] }),
          error.status,
          error.message,
          errorHeaders(error),
        );
      }
    }),
    "form",
  );
}

/** A 429 says when to try again (Retry-After), on the page as in the API. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { env } = app;
  const db = await visitor(context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  try {
    const { user, session } = await authenticator(app, db, request).authenticate("form", request);
    return redirectWithCookies(safeRedirectPath(redirectTo, dashboardPath(user.userType)), [
      await commitSession(env, session),
    ]);
  } catch (error) {
    if (!(error instanceof LoginFailed)) throw error;
    return data(
      { result: error.result, toast: error.status === 400 ? null : errorToast("Login failed", error.message) },
      { status: error.status, headers: error.headers },
    );
  }
}

export default function Login() {
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    defaultValue: { userType: "player" },
    schema: LoginSchema,
    required: ["email", "password", "userType"],
  });
  const redirectTo = params.get("redirectTo");
  const formAction = withReturn("/login", redirectTo);
  const selected = fields.userType.value ?? "player";
  return (
    <AuthCard
      toast={actionData?.toast}
      title="Sign in"
      description="Welcome back. Choose your account type to continue."
    >
      <Form method="post" action={formAction} className="space-y-4" {...form.props}>
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium">Account type</legend>
          <div className="grid grid-cols-2 gap-2">
            {(
              [
                ["player", "Player"],
                ["organiser", "Tournament Director"],
              ] as const
            ).map(([value, label]) => (
              <label
                key={value}
                className={
                  `${choiceCardClass} flex min-h-11 items-center justify-center gap-2 px-3 py-2 text-center text-sm ` +
                  "font-semibold has-focus-visible:outline-2 has-focus-visible:outline-baize-600"
                }
              >
                <input
                  type="radio"
                  name={fields.userType.name}
                  value={value}
                  defaultChecked={selected === value}
                  className="sr-only"
                />
                {label}
              </label>
            ))}
          </div>
          <FieldError id={fields.userType.errorId} errors={fields.userType.errors} />
        </fieldset>
        <TextField label="Email" meta={fields.email} type="email" autoComplete="email" />
        <TextField label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <Link
            to="/forgot-password"
            className="text-sm font-semibold text-baize-700 underline-offset-2 hover:underline dark:text-baize-300"
          >
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Signing In..." : "Sign In"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
        New to Break &amp; Run?{" "}
        <Link
          to={withReturn("/signup", redirectTo)}
          className="font-semibold text-baize-700 underline-offset-2 hover:underline dark:text-baize-300"
        >
          Sign up
        </Link>
      </p>
    </AuthCard>
  );
}
