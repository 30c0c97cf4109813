// Screenshots of pages at phone and tablet width in both themes, for looking
// at what we build: node scripts/screenshots.ts http://127.0.0.1:8787 / /login
import { chromium } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { chromiumFlags, chromiumPath } from "./lib/chromium.ts";

const [base = "http://127.0.0.1:8787", ...paths] = process.argv.slice(2);
const out = process.env.SHOTS_DIR ?? "/tmp/shots";
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
});
const sizes = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;
for (const path of paths.length ? paths : ["/"]) {
  for (const [sizeName, viewport] of Object.entries(sizes)) {
    for (const theme of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      await context.addInitScript((t) => localStorage.setItem("theme", t), theme);
      // COOKIE="name=value; name2=value2" takes the screenshots signed in.
      for (const pair of (process.env.COOKIE ?? "").split(/;\s*/).filter(Boolean)) {
        const eq = pair.indexOf("=");
        await context.addCookies([{ name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base }]);
      }
      const page = await context.newPage();
      await page.goto(base + path, { waitUntil: "load" });
      if (process.env.CLICK)
        await page
          .getByRole("button", { name: process.env.CLICK })
          .first()
          .click()
          .catch(() => {});
      await page.waitForTimeout(1000);
      const name = `${path.replace(/[^a-z0-9]+/gi, "_") || "root"}-${sizeName}-${theme}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL === "1" });
      console.log(`${out}/${name}`);
      await context.close();
    }
  }
}
await browser.close();
