// The dashboards' form actions, shared by both: Withdraw, and signing out
// other devices.
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import { formatGBP } from "~/domain/pence.ts";
import {
  maskAccountNumber,
  WITHDRAWAL_INVALID,
  withdrawalInsufficient,
  type WithdrawErrors,
  type WithdrawValues,
} from "~/features/money/domain/withdrawals.ts";
import { WithdrawalFormSchema } from "~/features/money/domain/withdrawal-schema.ts";
import { errorToast, redirectWithCookies } from "~/web/forms.server.ts";
import { signedIn, type Caller } from "~/web/access.server.ts";
import { flashToast } from "~/web/session.server.ts";
import { endDevice, endOtherDevices } from "~/features/accounts/server/use-cases.server.ts";
import { withdraw } from "~/features/money/server/use-cases.server.ts";
import { perform } from "~/web/use-case.server.ts";

type Ctx = Readonly<RouterContextProvider>;

/** Which of the dashboard's dialogs the URL opens (links, so they work without JavaScript). */
export function dashboardDialogs(request: Request) {
  const url = new URL(request.url);
  return {
    withdrawOpen: url.searchParams.get("withdraw") === "1",
    signOutOthersOpen: url.searchParams.get("devices") === "sign-out-others",
  };
}

export async function dashboardAction(request: Request, context: Ctx, back: string) {
  const claim = await signedIn(request, context);
  const form = await request.formData();
  switch (form.get("intent")) {
    case "end-session":
      return endSessionAction(claim, context, form, back);
    case "end-other-sessions":
      return endOtherSessionsAction(claim, context, back);
    default:
      return withdrawAction(claim, context, form, back);
  }
}

async function endSessionAction(claim: Caller, context: Ctx, form: FormData, back: string) {
  const app = context.get(appContext);
  const sessionId = String(form.get("sessionId") ?? "").slice(0, 100);
  const own = sessionId === claim.session.sessionId;
  const ended = own ? 0 : await perform(app, claim, endDevice, { session: claim.session, sessionId });
  return redirectWithCookies(back, [
    await flashToast(
      app.env,
      ended > 0
        ? {
            type: "success",
            title: "Device signed out",
            description: "That device will need your password to sign in again.",
          }
        : { type: "error", title: "Nothing to sign out", description: "That device was already signed out." },
    ),
  ]);
}

async function endOtherSessionsAction(claim: Caller, context: Ctx, back: string) {
  const app = context.get(appContext);
  const ended = await perform(app, claim, endOtherDevices, { session: claim.session });
  return redirectWithCookies(back, [
    await flashToast(app.env, {
      type: "success",
      title: "Signed out everywhere else",
      description: ended === 1 ? "1 other device was signed out." : `${ended} other devices were signed out.`,
    }),
  ]);
}

/** What the Withdraw form sent, kept as typed so a refused form comes back filled in. */
function withdrawValues(form: FormData): WithdrawValues {
  const text = (name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
  return {
    amount: text("amount", 20),
    accountName: text("accountName", 200),
    sortCode: text("sortCode", 20),
    accountNumber: text("accountNumber", 20),
  };
}

async function withdrawAction(claim: Caller, context: Ctx, form: FormData, back: string) {
  const { user } = await claim.read();
  const { env } = context.get(appContext);
  const values = withdrawValues(form);
  const refused = (status: number, title: string, errors: WithdrawErrors) =>
    data(
      { withdrawErrors: errors, withdrawValues: values, toast: errorToast(title, Object.values(errors)[0] ?? title) },
      { status },
    );
  const parsed = WithdrawalFormSchema.safeParse(values);
  if (!parsed.success) {
    const errors: WithdrawErrors = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof WithdrawErrors] ??= issue.message;
    return refused(400, errors.amount ? WITHDRAWAL_INVALID.title : "Failed to process withdrawal", errors);
  }
  if (parsed.data.amount > user.balancePence) {
    const problem = withdrawalInsufficient(user.balancePence);
    return refused(409, problem.title, { amount: problem.description });
  }
  try {
    const w = await perform(context.get(appContext), claim, withdraw, {
      userType: user.userType,
      userId: user.id,
      amountPence: parsed.data.amount,
      account: parsed.data.account,
    });
    const net = formatGBP(w.netPence);
    const fee = formatGBP(w.feePence);
    return redirectWithCookies(back, [
      await flashToast(env, {
        type: "success",
        title: "Withdrawal requested",
        description:
          `${net} (after the ${fee} fee) will reach the account ` +
          `${maskAccountNumber(parsed.data.account.accountNumber)} in 3-5 business days.`,
      }),
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return refused(error.status, "Failed to process withdrawal", { amount: error.message });
  }
}
