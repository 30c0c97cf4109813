import { visitor } from "~/web/access.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { useForm } from "~/components/use-form.ts";
import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { AuthCard } from "~/components/auth-card.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { FormError, TextField } from "~/components/fields.tsx";
import { ResetPasswordSchema, ValidateResetTokenSchema } from "~/domain/accounts.ts";
import { isDomainError } from "~/domain/errors.ts";
import { appContext } from "~/context.server.ts";
import { resetPassword } from "~/features/accounts/server/use-cases.server.ts";
import { resetTokenQuery } from "~/features/accounts/server/accounts.server.ts";
import { errorToast } from "~/web/forms.server.ts";
import { perform } from "~/web/use-case.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Reset password — Break & Run" }];

type LinkState = "incomplete" | "invalid" | "valid";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = ValidateResetTokenSchema.safeParse({
    token: url.searchParams.get("token") ?? undefined,
    email: url.searchParams.get("email") ?? undefined,
  });
  if (!parsed.success) return { state: "incomplete" as LinkState, token: "", email: "" };
  const { valid } = await (await visitor(context)).read({
    valid: await resetTokenQuery(parsed.data.token, parsed.data.email),
  });
  return { state: (valid ? "valid" : "invalid") as LinkState, token: parsed.data.token, email: parsed.data.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), done: false, toast: null },
      { status: 400 },
    );
  }
  try {
    await perform(context.get(appContext), await visitor(context), resetPassword, submission.value);
    return { result: submission.reply({ resetForm: true }), done: true, toast: null };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"], formErrors: [error.message] }),
        done: false,
        toast: errorToast("Invalid or Expired Link", error.message),
      },
      { status: error.status },
    );
  }
}

export default function ResetPassword() {
  const { state, token, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    schema: ResetPasswordSchema,
    required: ["email", "password", "confirmPassword"],
  });

  if (actionData?.done) {
    return (
      <AuthCard
        toast={actionData?.toast}
        title="Password Reset!"
        description="Your password has been changed. Sign in with your new password."
      >
        <Link to="/login" className="btn-primary w-full">
          Go to Login
        </Link>
      </AuthCard>
    );
  }

  if (state !== "valid") {
    return (
      <AuthCard
        title={state === "incomplete" ? "Invalid Link" : "Invalid or Expired Link"}
        description={
          state === "incomplete"
            ? "This password reset link is invalid or incomplete"
            : "This password reset link has expired or has already been used. Reset links work once, for 1 hour."
        }
      >
        <div className="grid gap-3">
          <Link to="/forgot-password" className="btn-primary">
            Request New Link
          </Link>
          <Link to="/login" className="btn-secondary">
            Back to Login
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard toast={actionData?.toast} title="Choose a new password" description={`For ${email}`}>
      <Form method="post" className="space-y-4" {...form.props}>
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="email" value={email} />
        <FormError id={form.errorId} errors={form.errors} />
        <TextField label="New password" meta={fields.password} type="password" autoComplete="new-password" />
        <TextField
          label="Confirm new password"
          meta={fields.confirmPassword}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Resetting..." : "Reset Password"}
        </button>
      </Form>
    </AuthCard>
  );
}
