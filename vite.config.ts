import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { classicScripts } from "./scripts/lib/classic-scripts.ts";

// What every page loads goes in one file (decision 016): React, React DOM, React Router and the small
// modules nearly every page draws. Each file is compressed alone, so a page made of a dozen small files pays gzip's
// overhead a dozen times and loses what they repeat of each other. (The floor's clocks, features/floor/domain/queue.ts
// in the browser, are here too: a file of their own cost the director's page more than they weigh on the others; and
// so is components/live.ts, the push channels and what a page redraws from them, which every page that follows the
// evening loads: decision 018.)
const framework = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|preload-helper/;
const everyPage = new RegExp(
  String.raw`[\\/]app[\\/](` +
    String.raw`components[\\/](toaster|theme-toggle|theme|icons|styles|hydrated|form|site-header|badges|` +
    String.raw`local-date-time|tab-link|data-reads|document|nonce|live)|` +
    String.raw`vendor[\\/](react|jsx-runtime)|` +
    String.raw`domain[\\/](dates|pence|tournaments|anchors)|` +
    String.raw`features[\\/](entries[\\/]domain[\\/]holds|floor[\\/]domain[\\/]queue)` +
    String.raw`)\.tsx?$`,
);

// React and its JSX runtime are CommonJS. In the browser build the app's own modules import them through
// app/vendor/, which unwraps them once in the framework file, instead of each module carrying the interop and
// reaching every hook and element through it: about 0.3 KB off every page (decision 016).
const reactModules: Record<string, string> = {
  react: fileURLToPath(new URL("./app/vendor/react.ts", import.meta.url)),
  "react/jsx-runtime": fileURLToPath(new URL("./app/vendor/jsx-runtime.ts", import.meta.url)),
};
const vendor = fileURLToPath(new URL("./app/vendor/", import.meta.url));
const reactAsModules = {
  name: "break-and-run:react-as-modules",
  enforce: "pre" as const,
  applyToEnvironment: (environment: { name: string }) => environment.name === "client",
  resolveId(id: string, importer?: string) {
    const own = importer !== undefined && !importer.includes("node_modules") && !importer.startsWith(vendor);
    return own ? reactModules[id] : undefined;
  },
};

export default defineConfig({
  plugins: [
    classicScripts(),
    reactAsModules,
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    client: {
      build: {
        // A lazily loaded piece's own imports load once it has (a round trip later, the first time it is used),
        // rather than every route listing the files of all its pieces to preload them beside it (decision 016).
        modulePreload: false,
        rollupOptions: {
          output: {
            // React Router's own naming for the client build, which a user `output` replaces.
            entryFileNames: "assets/[name]-[hash].js",
            codeSplitting: {
              groups: [{ name: "framework", test: (id) => framework.test(id) || everyPage.test(id), priority: 20 }],
            },
          },
        },
      },
    },
  },
});
