import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useForm } from "~/components/use-form.ts";
import { data, Form, Link, useActionData, useSearchParams } from "react-router";
import { AuthCard } from "~/components/auth-card.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { FormError, TextField } from "~/components/fields.tsx";
import { appContext } from "~/context.server.ts";
import {
  dashboardPath,
  INVITED,
  invitationMessages,
  OrganiserSignupSchema,
  PlayerSignupSchema,
  ResendInvitationSchema,
  type UserType,
} from "~/domain/accounts.ts";
import { isDomainError } from "~/domain/errors.ts";
import type { AppEnv } from "~/env.server.ts";
import { signUp } from "~/features/accounts/server/use-cases.server.ts";
import type { SignedIn } from "~/features/accounts/server/accounts.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { resendInvitation } from "~/features/accounts/server/invited-accounts.server.ts";
import { errorToast, redirectWithCookies } from "~/web/forms.server.ts";
import { safeRedirectPath, withReturn } from "~/utils/redirect.ts";
import { redirectIfSignedIn, visitor } from "~/web/access.server.ts";
import { commitSession, flashToast } from "~/web/session.server.ts";
import { clientOf } from "~/features/accounts/server/sessions.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Sign up — Break & Run" }];

export async function loader({ context }: Route.LoaderArgs) {
  await redirectIfSignedIn(context);
  return null;
}

const hideFields = ["password", "confirmPassword"];

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { env } = app;
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  const db = await visitor(context);
  const formData = await request.formData();
  const { device } = clientOf(request);
  // The player sign-up's offer for an invited account nobody has used: its invitation again.
  if (formData.get("intent") === "resend-invitation") {
    const submission = parseWithZod(formData, { schema: ResendInvitationSchema });
    if (submission.status !== "success") return invalid(submission.reply());
    await perform(app, db, resendInvitation, { email: submission.value.email });
    return { result: submission.reply(), toast: null, invited: null, resent: submission.value.email };
  }
  if (formData.get("role") === "organiser") {
    const submission = parseWithZod(formData, { schema: OrganiserSignupSchema });
    if (submission.status !== "success") return invalid(submission.reply({ hideFields }));
    return createAccount(env, redirectTo, submission, () =>
      perform(app, db, signUp, { userType: "organiser", fields: submission.value, device }),
    );
  }
  const submission = parseWithZod(formData, { schema: PlayerSignupSchema });
  if (submission.status !== "success") return invalid(submission.reply({ hideFields }));
  return createAccount(env, redirectTo, submission, () =>
    perform(app, db, signUp, { userType: "player", fields: submission.value, device }),
  );
}

function invalid(result: SubmissionResult<string[]>) {
  return data({ result, toast: null, invited: null, resent: null }, { status: 400 });
}

async function createAccount(
  env: AppEnv,
  /** Where the new account goes next: the page it came from (a tournament link), else its dashboard. */
  redirectTo: string | null,
  submission: {
    value: { email: string };
    reply: (options?: {
      hideFields?: string[];
      fieldErrors?: Record<string, string[]>;
      formErrors?: string[];
    }) => SubmissionResult<string[]>;
  },
  create: () => Promise<SignedIn>,
) {
  try {
    const { user, session } = await create();
    return redirectWithCookies(safeRedirectPath(redirectTo, dashboardPath(user.userType)), [
      await commitSession(env, session),
      await flashToast(env, {
        type: "success",
        title: "Account created!",
        description: `Welcome to Break & Run, ${user.name}.`,
      }),
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        result: submission.reply({
          hideFields,
          fieldErrors: error.field ? { [error.field]: [error.message] } : {},
          formErrors: error.field ? [] : [error.message],
        }),
        // An invited account's refusal is said beside its field, with the offer under it: no toast over the offer.
        toast: error.code === INVITED ? null : errorToast("Signup failed", error.message),
        /** An invited account nobody has used holds the e-mail: the page offers its invitation again. */
        invited: error.code === INVITED ? submission.value.email : null,
        resent: null,
      },
      { status: error.status },
    );
  }
}

/** The page to come back to after signing up (or in), carried by every link of the sign-up pages. */
function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return params.get("redirectTo");
}

export default function Signup() {
  const [params] = useSearchParams();
  const role = params.get("role");
  if (role === "player") return <SignupForm kind="player" />;
  if (role === "td") return <SignupForm kind="organiser" />;
  return <Chooser />;
}

const roleCardClass =
  "block rounded-xl border-2 border-slate-200 p-5 transition-colors hover:border-baize-600 " +
  "dark:border-slate-700 dark:hover:border-baize-400";

function Chooser() {
  const back = useReturnTo();
  return (
    <AuthCard title="Create your account" description="How will you use Break & Run?">
      <div className="grid gap-4">
        <Link to={withReturn("/signup", back, { role: "player" })} className={roleCardClass}>
          <span className="block text-lg font-semibold">I am a Player</span>
          <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
            Join tournaments, compete, and track your stats
          </span>
        </Link>
        <Link to={withReturn("/signup", back, { role: "td" })} className={roleCardClass}>
          <span className="block text-lg font-semibold">I am a Tournament Director</span>
          <span className="mt-1 block text-sm text-slate-600 dark:text-slate-300">
            Create and manage tournaments for your venue
          </span>
        </Link>
      </div>
      <SignInLine />
    </AuthCard>
  );
}

function SignInLine() {
  const back = useReturnTo();
  return (
    <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
      Already have an account?{" "}
      <Link
        to={withReturn("/login", back)}
        className="font-semibold text-baize-700 underline-offset-2 hover:underline dark:text-baize-300"
      >
        Sign in
      </Link>
    </p>
  );
}

function BackToChooser() {
  const back = useReturnTo();
  return (
    <Link to={withReturn("/signup", back)} className="btn-ghost -ml-2 mb-2 px-2 text-sm">
      ← Back
    </Link>
  );
}

function SubmitButton({ label }: { label: string }) {
  const busy = useIsSubmitting();
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy} aria-disabled={busy}>
      {busy ? "Creating Account..." : label}
    </button>
  );
}

/** The two sign-up forms: the director's asks for the organisation and venue first. */
const signupForms = {
  player: {
    schema: PlayerSignupSchema,
    path: "/signup",
    title: "Player Sign Up",
    description: "Find tournaments near you, pay your entry and track your stats.",
    nameLabel: "Name",
    submit: "Create Player Account",
  },
  organiser: {
    schema: OrganiserSignupSchema,
    path: "/signup",
    title: "Tournament Director Sign Up",
    description: "Run knockouts at your venue: entries, brackets and payouts.",
    nameLabel: "Your name",
    submit: "Create Organiser Account",
  },
} as const;

/** The offer beside an invited account's refusal: its own form, which works without JavaScript. */
function ResendInvitation({ email }: { email: string }) {
  const back = useReturnTo();
  const busy = useIsSubmitting();
  return (
    <Form method="post" action={withReturn("/signup", back, { role: "player" })} className="mt-4">
      <input type="hidden" name="intent" value="resend-invitation" />
      <input type="hidden" name="email" value={email} />
      <button type="submit" className="btn-secondary w-full" disabled={busy} aria-disabled={busy}>
        Send the invitation again
      </button>
    </Form>
  );
}

function InvitationResent({ email }: { email: string }) {
  const back = useReturnTo();
  return (
    <AuthCard title="Check your email" description={<strong className="break-all">{email}</strong>}>
      <p className="text-slate-700 dark:text-slate-300">{invitationMessages.resent}</p>
      <div className="mt-6 grid gap-3">
        <Link to={withReturn("/login", back)} className="btn-primary">
          Back to Login
        </Link>
      </div>
    </AuthCard>
  );
}

function SignupForm({ kind }: { kind: UserType }) {
  const actionData = useActionData<typeof action>();
  const { schema, path, title, nameLabel, submit } = signupForms[kind];
  const back = useReturnTo();
  // From a shared tournament link: say where the new account goes next.
  const description =
    kind === "player" && back?.startsWith("/tournament/")
      ? "Create your account, then you're back at the tournament to join it."
      : signupForms[kind].description;
  // The director's fields are a superset of the player's: one form type serves both.
  const [form, fields] = useForm({
    id: `signup-${kind}`,
    lastResult: actionData?.result,
    schema,
    required: ["name", "organisationName", "venue", "email", "password", "confirmPassword"],
  });
  if (actionData?.resent) return <InvitationResent email={actionData.resent} />;
  return (
    <AuthCard toast={actionData?.toast} title={title} description={description}>
      <BackToChooser />
      <Form
        method="post"
        action={withReturn(path, back, { role: kind === "player" ? "player" : "td" })}
        className="space-y-4"
        {...form.props}
      >
        <input type="hidden" name="role" value={kind} />
        <FormError id={form.errorId} errors={form.errors} />
        {kind === "organiser" ? (
          <>
            <TextField label="Organisation name" meta={fields.organisationName} autoComplete="organization" />
            <TextField label="Main operating venue" meta={fields.venue} placeholder="e.g., The Red Lion, Leeds" />
          </>
        ) : null}
        <TextField label={nameLabel} meta={fields.name} autoComplete="name" />
        <TextField label="Email" meta={fields.email} type="email" autoComplete="email" />
        <TextField label="Password" meta={fields.password} type="password" autoComplete="new-password" />
        <TextField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <SubmitButton label={submit} />
      </Form>
      {actionData?.invited ? <ResendInvitation email={actionData.invited} /> : null}
      <SignInLine />
    </AuthCard>
  );
}
