// The classic scripts of the pages React never hydrates (decision 009), each loaded from the site's root (its route's
// `handle.script`): bundled by esbuild from its TypeScript source (a feature's client/) into one ES2017 IIFE, for the
// old browsers of tablets and TVs (decision 036). `react-router build` writes them beside the client build's assets
// (build/client, which the Worker serves as static assets) and the dev server bundles them as they are asked for.
// Nothing of them is committed.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/** Each script's file at the site's root, and its source. */
const CLASSIC_SCRIPTS: Readonly<Record<string, string>> = {
  "scoreboard.js": "app/features/floor/client/scoreboard.ts",
  "overlay.js": "app/features/floor/client/overlay.ts",
  "tv.js": "app/features/screens/client/tv.ts",
};

/** The script bundled from `source`: minified, unless it is for reading (the dev server). */
async function bundleClassicScript(source: string, minify = true): Promise<string> {
  const result = await build({
    absWorkingDir: projectRoot,
    entryPoints: [source],
    // Its paths (`~/`), and `strict`: the script starts with "use strict", as the hand-written ones did.
    tsconfig: "tsconfig.cloudflare.json",
    bundle: true,
    write: false,
    format: "iife",
    target: "es2017",
    minify,
    legalComments: "none",
    logLevel: "silent",
  });
  const [bundle] = result.outputFiles;
  if (!bundle) throw new Error(`esbuild made nothing of ${source}`);
  return bundle.text;
}

export function classicScripts(): Plugin {
  return {
    name: "break-and-run:classic-scripts",
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const source = CLASSIC_SCRIPTS[(request.url ?? "").replace(/^\/|\?.*$/g, "")];
        if (source === undefined) return next();
        bundleClassicScript(source, false).then((script) => {
          response.setHeader("Content-Type", "text/javascript; charset=utf-8");
          response.setHeader("Cache-Control", "no-cache");
          response.end(script);
        }, next);
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      for (const [fileName, source] of Object.entries(CLASSIC_SCRIPTS)) {
        this.emitFile({ type: "asset", fileName, source: await bundleClassicScript(source) });
      }
    },
  };
}
