import { parseWithZod } from "@conform-to/zod/v4";
import { useForm } from "~/components/use-form.ts";
import { data, Form, Link, useActionData } from "react-router";
import { AuthCard } from "~/components/auth-card.tsx";
import { useIsSubmitting } from "~/components/form.tsx";
import { FormError, TextField } from "~/components/fields.tsx";
import { appContext } from "~/context.server.ts";
import { ForgotPasswordSchema } from "~/domain/accounts.ts";
import { isDomainError } from "~/domain/errors.ts";
import { requestPasswordReset } from "~/features/accounts/server/accounts.server.ts";
import { perform } from "~/web/use-case.server.ts";
import { errorToast } from "~/web/forms.server.ts";
import { clientAddress } from "~/server/rate-limit.server.ts";
import { visitor } from "~/web/access.server.ts";
import type { Route } from "./+types/route";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password — Break & Run" }];

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sentTo: null, toast: null }, { status: 400 });
  }
  try {
    await perform(app, await visitor(context), requestPasswordReset, {
      email: submission.value.email,
      address: clientAddress(request),
    });
  } catch (error) {
    const message = isDomainError(error) ? error.message : "Please try again in a moment.";
    if (!isDomainError(error)) console.error("Password reset e-mail failed", error);
    return data(
      {
        result: submission.reply({ formErrors: [message] }),
        sentTo: null,
        toast: errorToast("Failed to send reset link", message),
      },
      { status: isDomainError(error) ? error.status : 503 },
    );
  }
  return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email, toast: null };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  const busy = useIsSubmitting();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    schema: ForgotPasswordSchema,
    required: ["email"],
  });

  if (actionData?.sentTo) {
    return (
      <AuthCard toast={actionData?.toast} title="Check your email">
        <p className="text-slate-700 dark:text-slate-300">
          If an account exists for <strong className="break-all">{actionData.sentTo}</strong>, we've sent a link to
          reset your password. The link expires in 1 hour.
        </p>
        <div className="mt-6 grid gap-3">
          <Link to="/login" className="btn-primary">
            Back to Login
          </Link>
          <Link to="/forgot-password" className="btn-secondary">
            Send another link
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      toast={actionData?.toast}
      title="Forgot your password?"
      description="Enter your email and we'll send you a link to choose a new one."
    >
      <Form method="post" className="space-y-4" {...form.props}>
        <FormError id={form.errorId} errors={form.errors} />
        <TextField label="Email" meta={fields.email} type="email" autoComplete="email" />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Sending..." : "Send Reset Link"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link
          to="/login"
          className="font-semibold text-baize-700 underline-offset-2 hover:underline dark:text-baize-300"
        >
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
