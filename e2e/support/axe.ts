// The accessibility check every spec runs: axe-core with the WCAG 2.1 A and AA rules.
//
// Legacy mode runs axe in the page itself. The default mode finishes every run in a fresh blank page (for
// cross-origin frames, which no screen here has), which doubled the time of each check.
import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

type Options = {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** Every violation counts, not only the serious and critical ones. */
  everyImpact?: boolean;
};

/** The page's violations, each as its rule, its help and the first three places it was found. */
async function violations(page: Page, options: Options = {}): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  if (options.include) builder = builder.include(options.include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => options.everyImpact || v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(" | ")}`,
    );
}

/** Fails with the list when the page has a serious or critical violation (or any, with `everyImpact`). */
export async function expectAccessible(page: Page, label: string, options: Options = {}): Promise<void> {
  const found = await violations(page, options);
  expect(found, `${label}\n${found.join("\n")}`).toEqual([]);
}
