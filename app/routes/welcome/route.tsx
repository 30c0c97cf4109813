// An invitation's landing: a walk-in or a teammate entered by an e-mail nobody had gets an account and
// this link. "Welcome to Break & Run — choose a password" sets the password, signs the player in on this device and
// shows their entries. Not the reset page: nobody forgot anything.
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { AuthCard } from "~/components/auth-card.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { FormError, TextField } from "~/components/fields.tsx";
import { useForm } from "~/components/use-form.ts";
import { appContext } from "~/context.server.ts";
import { ResetPasswordSchema, ValidateResetTokenSchema } from "~/domain/accounts.ts";
import { clientOf } from "~/features/accounts/server/sessions.server.ts";
import { invitationQuery } from "~/features/accounts/server/invited-accounts.server.ts";
import { acceptInvitation } from "~/features/accounts/server/use-cases.server.ts";
import { visitor } from "~/web/access.server.ts";
import { redirectWithCookies } from "~/web/forms.server.ts";
import { commitSession, flashToast } from "~/web/session.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Welcome to Break & Run" }];

const WELCOME = "Welcome to Break & Run — choose a password";
const USED = "This link has already been used or has expired";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = ValidateResetTokenSchema.safeParse({
    token: url.searchParams.get("token") ?? undefined,
    email: url.searchParams.get("email") ?? undefined,
  });
  if (!parsed.success) return { name: null, token: "", email: "" };
  const { invited } = await (await visitor(context)).read({
    invited: await invitationQuery(parsed.data.token, parsed.data.email),
  });
  return { name: invited?.name ?? null, token: parsed.data.token, email: parsed.data.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }) }, { status: 400 });
  }
  const { token, email, password } = submission.value;
  const signedIn = await perform(app, await visitor(context), acceptInvitation, {
    token,
    email,
    password,
    device: clientOf(request).device,
  });
  if (!signedIn) {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"], formErrors: [USED] }) },
      { status: 400 },
    );
  }
  return redirectWithCookies("/player/tournaments?tab=registered", [
    await commitSession(app.env, signedIn.session),
    await flashToast(app.env, {
      type: "success",
      title: `Welcome, ${signedIn.user.name}`,
      description: "Your password is set. Your entries are below.",
    }),
  ]);
}

export default function Welcome() {
  const { name, token, email } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "welcome",
    lastResult: reply?.result,
    schema: ResetPasswordSchema,
    required: ["email", "password", "confirmPassword"],
  });
  if (name === null) {
    return (
      <AuthCard title="Invitation link not valid" description={`${USED}. If you have set your password, sign in.`}>
        <div className="grid gap-3">
          <Link to="/login" className="btn-primary">
            Sign in
          </Link>
          <Link to="/forgot-password" className="btn-secondary">
            Forgot your password?
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={WELCOME}
      description={
        `Hello ${name}: you have been entered in a tournament. ` +
        `Your results and any winnings are kept in your account (${email}).`
      }
    >
      <Form method="post" className="space-y-4" {...form.props}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="email" value={email} />
        <FormError id={form.errorId} errors={form.errors} />
        <TextField label="Password" meta={fields.password} type="password" autoComplete="new-password" />
        <TextField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Setting your password..." : "Set password and sign in"}
        </button>
      </Form>
    </AuthCard>
  );
}
