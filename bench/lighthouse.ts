// Lighthouse scores for a few pages, as a phone sees them: Lighthouse's
// defaults (mobile form factor, simulated throttling) in Debian's Chromium.
import { launch } from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { chromiumFlags, chromiumPath } from "../scripts/lib/chromium.ts";

export type LighthousePage = {
  label: string;
  path: string;
  /** Sent with every request, for pages behind a sign-in. */
  cookie?: string;
};

export type LighthouseRow = {
  page: string;
  performance: number;
  accessibility: number;
  "best practices": number;
  "FCP ms": number;
  "LCP ms": number;
  "TBT ms": number;
};

/** An accessibility or best-practices audit that did not pass, to fix in the app. */
export type FailingAudit = { page: string; category: string; id: string; title: string };

const categories = ["performance", "accessibility", "best-practices"] as const;

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const ms = (lhr: Result, audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? Number.NaN);

function failing(lhr: Result, page: string): FailingAudit[] {
  const out: FailingAudit[] = [];
  for (const category of ["accessibility", "best-practices"]) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score >= 1) continue;
      out.push({ page, category, id: audit.id, title: audit.title });
    }
  }
  return out;
}

/** Runs Lighthouse once per page, one after another, in one Chromium. */
export async function lighthouseScores(
  appUrl: string,
  pages: LighthousePage[],
  chromePath = process.env.CHROME_PATH ?? chromiumPath,
): Promise<{ rows: LighthouseRow[]; failing: FailingAudit[] }> {
  const chrome = await launch({ chromePath, chromeFlags: chromiumFlags, logLevel: "silent" });
  const rows: LighthouseRow[] = [];
  const failures: FailingAudit[] = [];
  try {
    for (const page of pages) {
      const result = await lighthouse(appUrl + page.path, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: [...categories],
        extraHeaders: page.cookie ? { Cookie: page.cookie } : null,
      });
      if (!result) throw new Error(`Lighthouse returned no result for ${page.path}`);
      const { lhr } = result;
      if (lhr.runtimeError)
        throw new Error(`Lighthouse failed on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (lhr.finalDisplayedUrl !== appUrl + page.path) {
        throw new Error(`Lighthouse on ${page.path} ended at ${lhr.finalDisplayedUrl}: was the page redirected?`);
      }
      rows.push({
        page: page.label,
        performance: score(lhr, "performance"),
        accessibility: score(lhr, "accessibility"),
        "best practices": score(lhr, "best-practices"),
        "FCP ms": ms(lhr, "first-contentful-paint"),
        "LCP ms": ms(lhr, "largest-contentful-paint"),
        "TBT ms": ms(lhr, "total-blocking-time"),
      });
      failures.push(...failing(lhr, page.label));
    }
  } finally {
    chrome.kill();
  }
  return { rows, failing: failures };
}
