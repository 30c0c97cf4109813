// Where a form of the tournament page posts (decision 037): its family's route, and back to the floor when the form
// is on the floor tab.
import { useLocation } from "react-router";
import { pageActionPath, type PageActionFamily } from "~/features/tournaments/domain/page-actions.ts";

export function usePageAction(slug: string, family: PageActionFamily): string {
  const { search } = useLocation();
  return pageActionPath(slug, family, new URLSearchParams(search).get("tab") === "floor");
}
