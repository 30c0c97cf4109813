// The layer rule (docs/architecture.md, "Tests and lint"): domain imports
// nothing of ours but domain and only pure packages; server code imports no
// UI; UI imports no server module; the classic scripts' code (a feature's
// client/) imports only domain and client modules. Biome's
// noRestrictedImports matches the text of a specifier, not the file it
// names, so `~/db/…`, `../db/…` and `../../db/…` would each need a pattern
// per folder depth, and its config cannot say why an exception stands; the
// size rule needs a script anyway. This resolves every import to a file and
// judges that.
import { posix } from "node:path";
import ts from "typescript";

/**
 * One import of a module: `import`, `export … from`, `import()` or an `import("…")` type, with the names an
 * `import { … }` takes (as the module exports them).
 */
export type Import = { specifier: string; typeOnly: boolean; line: number; names?: readonly string[] };
export type SourceImports = { file: string; imports: readonly Import[] };
export type Violation = { file: string; line: number; specifier: string; message: string };
export type Layer = "domain" | "server" | "ui" | "client" | "other";

/** Packages domain code may import: pure libraries, no I/O, no framework. */
export const DOMAIN_PACKAGES = ["zod"];

/**
 * Imports the rule allows although they break it, each with its reason.
 * `file` is the importer; `target` the resolved file or package it imports.
 */
export const LAYER_EXCEPTIONS: readonly { file: string; target: string; reason: string }[] = [
  {
    // Imported only by tests: the bracket's shared assertions, which need vitest's expect.
    file: "app/features/play/domain/bracket-testing.ts",
    target: "vitest",
    reason: "a helper for the domain's tests, imported by tests only",
  },
];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Which layer a file under app/ is in (tests are in none: they may reach across to test). */
export function layerOf(file: string): Layer {
  if (!file.startsWith("app/") || isTest(file)) return "other";
  if (file.startsWith("app/domain/") || /^app\/features\/[^/]+\/domain\//.test(file)) return "domain";
  if (/^app\/features\/[^/]+\/server\//.test(file) || /\.server\.tsx?$/.test(file)) return "server";
  if (/^app\/features\/[^/]+\/client\//.test(file)) return "client";
  if (file.startsWith("app/components/")) return "ui";
  return "other";
}

/**
 * The file an import names, as a path from the repository's root (`app/…`),
 * or the package's name (`drizzle-orm`, `node:fs`) for anything else.
 */
export function resolveImport(from: string, specifier: string): string {
  if (specifier.startsWith("~/")) return posix.normalize(`app/${specifier.slice(2)}`);
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return posix.normalize(posix.join(posix.dirname(from), specifier));
  }
  if (specifier.startsWith("node:")) return specifier;
  const [first = "", second = ""] = specifier.split("/");
  return first.startsWith("@") ? `${first}/${second}` : first;
}

const isLocal = (target: string) => target.startsWith("app/") || target.startsWith(".");

/** Why importing `target` from a file in `layer` breaks the rule, or null when it may. */
function refusal(file: string, layer: Layer, target: string): string | null {
  if (layer === "domain") {
    if (isLocal(target)) return layerOf(target) === "domain" ? null : "domain imports only domain modules";
    return DOMAIN_PACKAGES.includes(target)
      ? null
      : `domain imports no package but ${DOMAIN_PACKAGES.join(", ")} (pure logic: no I/O, no framework)`;
  }
  if (layer === "server") {
    // A .server.tsx renders components to HTML on the server (the document, the tablets' boards): that is its job.
    if (file.endsWith(".server.tsx")) return null;
    const ui = target.startsWith("app/components/") || (target.endsWith(".tsx") && !target.endsWith(".server.tsx"));
    return isLocal(target) && ui ? "server code imports no UI component" : null;
  }
  if (layer === "client") {
    // The classic scripts of the pages never hydrated, bundled for old tablets and TVs: small, no framework.
    if (!isLocal(target)) return "client code imports no package (a classic script: no framework, no I/O library)";
    const own = layerOf(target);
    return own === "domain" || own === "client" ? null : "client code imports only domain and client modules";
  }
  if (layer === "ui") {
    const server = layerOf(target) === "server" || target.startsWith("app/db/");
    return isLocal(target) && server ? "UI imports no server module (a type both use belongs in app/domain)" : null;
  }
  return null;
}

/** Every import that breaks the layer rule, less the listed exceptions. */
export function layerViolations(
  sources: readonly SourceImports[],
  exceptions: readonly { file: string; target: string }[] = LAYER_EXCEPTIONS,
): Violation[] {
  return sources.flatMap(({ file, imports }) => {
    const layer = layerOf(file);
    return imports.flatMap(({ specifier, typeOnly, line }) => {
      const target = resolveImport(file, specifier);
      const refused = refusal(file, layer, target);
      if (refused === null || exceptions.some((e) => e.file === file && e.target === target)) return [];
      // Type-only imports count too: they vanish from the build, but the shape is still the other layer's.
      const message = typeOnly ? `${refused}; type-only imports count too` : refused;
      return [{ file, line, specifier, message }];
    });
  });
}

/**
 * A module's source read by TypeScript's parser (no program, no type checking: fast), with parent
 * pointers (a function's name can be its parent's). Parsed once for both rules.
 */
export function parseSource(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/** The imports of a parsed module. */
export function importsOf(source: ts.SourceFile): Import[] {
  const found: Import[] = [];
  const add = (literal: ts.Node, typeOnly: boolean, names?: string[]) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    found.push({ specifier: literal.text, typeOnly, line, ...(names ? { names } : {}) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allNamedTypes =
        named !== undefined && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly);
      const typeOnly = clause !== undefined && (clause.isTypeOnly || (clause.name === undefined && allNamedTypes));
      const names =
        named !== undefined && ts.isNamedImports(named)
          ? named.elements.map((e) => (e.propertyName ?? e.name).text)
          : undefined;
      add(node.moduleSpecifier, typeOnly, names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      if (node.arguments[0] !== undefined) add(node.arguments[0], false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * What follows a write, which a route (the JSON API's or a page's: an adapter) never runs itself: `perform`
 * (app/web/use-case.server.ts) runs it because the use case returned its change and its e-mails.
 */
const CONSEQUENCES: Readonly<Record<string, readonly string[]>> = {
  "app/features/live/server/after-change.server.ts": ["afterChange", "afterChanges"],
  "app/server/email.server.ts": ["getMailer"],
};

/** An e-mail sender: `tellOffered`, `tellWalkIns`… */
const isTeller = (target: string, name: string) => target.startsWith("app/") && /^tell[A-Z]/.test(name);

/** Every route that runs a consequence itself. */
export function adapterViolations(sources: readonly SourceImports[]): Violation[] {
  return sources.flatMap(({ file, imports }) => {
    if (!file.startsWith("app/routes/") || isTest(file)) return [];
    return imports.flatMap(({ specifier, line, names = [], typeOnly }) => {
      const target = resolveImport(file, specifier);
      const runs = (name: string) => CONSEQUENCES[target]?.includes(name) || isTeller(target, name);
      const ran = typeOnly ? [] : names.filter(runs);
      if (ran.length === 0) return [];
      const message = `a route runs no consequence itself (${ran.join(", ")}): the use case returns it`;
      return [{ file, line, specifier, message }];
    });
  });
}
