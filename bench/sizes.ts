// What a browser downloads for each page's JavaScript (gzip), and the Worker.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const clientDir = fileURLToPath(new URL("../build/client", import.meta.url));
const serverDir = fileURLToPath(new URL("../build/server", import.meta.url));

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Every script the page's HTML asks for (modulepreload links, module imports, static scripts) and its inline ones. */
export async function clientJsFor(baseUrl: string, path: string, cookie?: string) {
  const html = await (await fetch(baseUrl + path, { headers: cookie ? { Cookie: cookie } : {} })).text();
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:href|from|import)\s*=?\s*"(\/assets\/[^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"(\/assets\/[^"]+\.js)"/g))
    files.add(match[1]!);
  // A page's own static script (the scoreboard's /scoreboard.js, in build/client), and every page's inline scripts.
  for (const match of html.matchAll(/<script[^>]*\ssrc="(\/[^"/]+\.js)"/g)) files.add(match[1]!);
  const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1] ?? "")
    .join("");
  let total = inline ? gzipSync(inline, { level: 9 }).length : 0;
  for (const file of files) total += gzipSize(join(clientDir, file));
  return { files: files.size, gzipKb: kb(total) };
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

export function workerBundleGzipKb() {
  const files = walk(serverDir).filter((f) => f.endsWith(".js"));
  return { files: files.length, gzipKb: kb(files.reduce((sum, f) => sum + gzipSize(f), 0)) };
}
