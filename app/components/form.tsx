// What every page with an action needs: whether its form is being sent, and
// the toast its action answered with. The fields are in fields.tsx, so that
// pages without a form to fill load none of their code.
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { ToastCard, useToast } from "./toaster.tsx";
import { useHydrated } from "./hydrated.ts";
import type { ActionToast as Toast } from "~/domain/toast.ts";

/** True while this page's form is being submitted (not while navigating elsewhere). */
export function useIsSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && (action === undefined || navigation.formAction === action);
}

/** The type and the component that shows it share a name (app/domain/toast.ts has the type's one home). */
export type ActionToast = Toast;

/**
 * The toast an action returned (failures that do not redirect). Once the
 * page is hydrated it goes through the toaster; before that — or with
 * JavaScript off — it is rendered in place so the message is still seen: in
 * the flow where it stands (at the top of the page's content), covering
 * nothing, with a close link given `closeTo` (the page without the message).
 */
export function ActionToast({ toast, closeTo }: { toast: ActionToast | undefined | null; closeTo?: string }) {
  const { show } = useToast();
  const hydrated = useHydrated();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per toast (its id), not per render of the same one
  useEffect(() => {
    if (toast) show(toast);
  }, [toast?.id]);
  if (hydrated || !toast) return null;
  return (
    <div role="alert" className={closeTo ? undefined : "mb-6"}>
      <ToastCard toast={toast} closeTo={closeTo} />
    </div>
  );
}
