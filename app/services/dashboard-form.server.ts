// The Withdraw dialog's form action, shared by both dashboards.
import { data, type RouterContextProvider } from "react-router";
import { appContext } from "~/context.server.ts";
import { isDomainError } from "~/domain/errors.ts";
import { formatGBP } from "~/domain/money.ts";
import { WITHDRAWAL_INVALID, WithdrawalSchema, withdrawalInsufficient } from "~/domain/withdrawals.ts";
import { requestWithdrawal } from "./dashboard.server.ts";
import { errorToast, redirectWithCookies } from "./forms.server.ts";
import { requireUser } from "./guards.server.ts";
import { flashToast } from "./session.server.ts";

export async function withdrawAction(request: Request, context: Readonly<RouterContextProvider>, back: string) {
  const user = await requireUser(request, context);
  const { env, db } = context.get(appContext);
  const form = await request.formData();
  const parsed = WithdrawalSchema.safeParse({ amount: String(form.get("amount") ?? "").slice(0, 20) });
  if (!parsed.success) {
    return data({ withdrawError: WITHDRAWAL_INVALID.description, toast: errorToast(WITHDRAWAL_INVALID.title, WITHDRAWAL_INVALID.description) }, { status: 400 });
  }
  if (parsed.data.amount > user.balancePence) {
    const problem = withdrawalInsufficient(user.balancePence);
    return data({ withdrawError: problem.description, toast: errorToast(problem.title, problem.description) }, { status: 409 });
  }
  try {
    const w = await requestWithdrawal(db, user.userType, user.id, parsed.data.amount);
    return redirectWithCookies(back, [
      await flashToast(env, {
        type: "success",
        title: "Withdrawal requested",
        description: `${formatGBP(w.netPence)} (after the ${formatGBP(w.feePence)} fee) will reach you in 3-5 business days.`,
      }),
    ]);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ withdrawError: error.message, toast: errorToast("Failed to process withdrawal", error.message) }, { status: error.status });
  }
}
