// Where a form of the tournament page posts (decision 037): its family's route, and back to the floor when the form
// is on the floor tab.
import { useFetchers, useLocation, useNavigation } from "react-router";
import { pageActionPath, type PageActionFamily } from "~/features/tournaments/domain/page-actions.ts";

export function usePageAction(slug: string, family: PageActionFamily): string {
  const { search } = useLocation();
  return pageActionPath(slug, family, new URLSearchParams(search).get("tab") === "floor");
}

/**
 * Whether one of the page's forms is being sent: they post without navigating (a fetcher, decision 037), so the
 * router's navigation alone would not say.
 */
export function usePageSubmitting(): boolean {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return navigation.state === "submitting" || fetchers.some((f) => f.state === "submitting");
}
