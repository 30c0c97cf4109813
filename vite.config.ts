import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// What every page loads goes in one file (issue 17, decision 016): React, React DOM, React Router, Vite's
// preload helper and the small modules nearly every page draws. Each file is compressed alone, so a page made of
// a dozen small files pays gzip's overhead a dozen times and loses what they repeat of each other.
const framework = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|preload-helper/;
const everyPage = new RegExp(
  String.raw`[\\/]app[\\/](` +
    String.raw`components[\\/](toaster|theme-toggle|theme|icons|styles|hydrated|form|site-header|badges|` +
    String.raw`local-date-time|tab-link|data-reads|document|nonce|static-page)|` +
    String.raw`domain[\\/](dates|pence|tournaments|holds|anchors)` +
    String.raw`)\.tsx?$`,
);

export default defineConfig({
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  environments: {
    client: {
      build: {
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
