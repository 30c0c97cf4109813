// The use-case rule (docs/architecture.md, "How a write flows"): every write a route takes (a JSON route's POST,
// PUT, PATCH or DELETE, and a page's `action`) runs its use case through `perform` (app/web/use-case.server.ts),
// which sends the use case's e-mails and runs its consequences. Read from the source: each handler, and the
// functions of ours it calls, followed through its own module and the modules it imports (a page action hands each
// intent to a file beside it), must reach a call of `perform`. A handler with no write to run is listed below with
// its reason. And an adapter writes nothing itself (`adapterWriteViolations`).
import ts from "typescript";
import { resolveImport, type Violation } from "./lint-layers.ts";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Route handlers that take a write's method but write nothing of ours, each with its reason. */
export const NO_USE_CASE: readonly { file: string; handler: string; reason: string }[] = [
  {
    file: "app/routes/action.set-theme/route.ts",
    handler: "action",
    reason: "sets the theme cookie on the browser: nothing is written to the database",
  },
  {
    file: "app/routes/api.not-found/route.ts",
    handler: "action",
    reason: "answers 404 to any method on a path the API does not have",
  },
];

const HANDLE = /^(Sender|Caller|Visitor|D)$/;

/** A function of a module: its body, and whether its first parameter is a database handle (`db: Sender`…). */
type Fn = { body: ts.Node; takesHandle: boolean };

/** What the rule reads of one module: its functions by name, and the functions it imports from ours. */
type Module = { functions: Map<string, Fn>; imported: Map<string, { file: string; name: string }> };

const isAppCode = (source: ts.SourceFile) =>
  source.fileName.startsWith("app/") && !/\.test\.tsx?$/.test(source.fileName);

function moduleOf(source: ts.SourceFile): Module {
  const functions = new Map<string, Fn>();
  const imported = new Map<string, { file: string; name: string }>();
  const add = (name: string, body: ts.Node, parameters: ts.NodeArray<ts.ParameterDeclaration>) => {
    functions.set(name, { body, takesHandle: HANDLE.test(parameters[0]?.type?.getText(source) ?? "") });
  };
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) add(node.name.text, node.body, node.parameters);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const value = node.initializer;
      if (ts.isArrowFunction(value) || ts.isFunctionExpression(value))
        add(node.name.text, value.body, value.parameters);
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const file = resolveImport(source.fileName, node.moduleSpecifier.text);
      const named = node.importClause?.namedBindings;
      if (file.startsWith("app/") && named && ts.isNamedImports(named)) {
        for (const e of named.elements) imported.set(e.name.text, { file, name: (e.propertyName ?? e.name).text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { functions, imported };
}

/** Whether `node` (in `file`) calls `perform`, itself or through the functions of ours it names, followed. */
function reachesPerform(modules: Map<string, Module>, file: string, node: ts.Node, seen: Set<string>): boolean {
  const module = modules.get(file);
  let reached = false;
  const visit = (child: ts.Node) => {
    if (reached) return;
    if (ts.isIdentifier(child)) {
      const name = child.text;
      if (name === "perform" && ts.isCallExpression(child.parent) && child.parent.expression === child) {
        reached = true;
        return;
      }
      const from = module?.imported.get(name);
      const [where, called] = module?.functions.has(name) ? [file, name] : from ? [from.file, from.name] : [];
      const body = where && called ? modules.get(where)?.functions.get(called)?.body : undefined;
      const key = `${where}#${called}`;
      if (where && body && !seen.has(key)) {
        seen.add(key);
        if (reachesPerform(modules, where, body, seen)) reached = true;
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
  return reached;
}

type Handler = { name: string; node: ts.Node; line: number };

/** A route module's writes: the write methods of its `endpoint({ … })` and its exported `action` function. */
function writeHandlers(source: ts.SourceFile): Handler[] {
  const found: Handler[] = [];
  const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "endpoint") {
      const methods = node.arguments[0];
      if (methods && ts.isObjectLiteralExpression(methods)) {
        for (const property of methods.properties) {
          const name = property.name && ts.isIdentifier(property.name) ? property.name.text : "";
          if (WRITES.has(name)) found.push({ name, node: property, line: line(property) });
        }
      }
    }
    const exported =
      ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && ts.isFunctionDeclaration(node) && node.name?.text === "action" && node.body) {
      found.push({ name: "action", node: node.body, line: line(node) });
    }
    if (exported && ts.isVariableStatement(node)) {
      for (const declaration of node.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === "action" && declaration.initializer) {
          found.push({ name: "action", node: declaration.initializer, line: line(declaration) });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The writes the rule judges: every endpoint's write methods in app/, and the routes' page actions. */
function judged(code: readonly ts.SourceFile[]): (Handler & { file: string })[] {
  return code.flatMap((source) =>
    writeHandlers(source)
      .filter(({ name }) => name !== "action" || source.fileName.startsWith("app/routes/"))
      .map((handler) => ({ ...handler, file: source.fileName })),
  );
}

/** Every write handler the rule judges, as "file METHOD" (or "file action"). */
export function writesJudged(sources: readonly ts.SourceFile[]): string[] {
  return judged(sources.filter(isAppCode)).map(({ file, name }) => `${file} ${name}`);
}

/** Every write that does not reach `perform`, given the parsed modules of app/ (the routes, and what they import). */
export function useCaseViolations(sources: readonly ts.SourceFile[]): Violation[] {
  const code = sources.filter(isAppCode);
  const modules = new Map(code.map((source) => [source.fileName, moduleOf(source)]));
  return judged(code).flatMap(({ file, name, node, line }) => {
    if (NO_USE_CASE.some((e) => e.file === file && e.handler === name)) return [];
    if (reachesPerform(modules, file, node, new Set())) return [];
    const message = `${name} writes without a use case: run it with perform (app/web/use-case.server.ts)`;
    return [{ file, line, specifier: "", message }];
  });
}

/**
 * Functions of ours that take a database handle but are not use cases, which an adapter may call itself, each with
 * its reason. Anything else that takes a handle (`db: Sender`, a `Caller`, a `Visitor`) is a write's service, and an
 * adapter hands it to `perform` as a use case or does not call it.
 */
export const HANDLE_TAKERS: readonly { file: string; name: string; reason: string }[] = [
  {
    file: "app/features/floor/server/table-codes.server.ts",
    name: "findByCode",
    reason:
      "a table's board read by its access code; a wrong code is counted against the address's limit, as a login is",
  },
  {
    file: "app/features/live/server/after-change.server.ts",
    name: "afterChanges",
    reason: "what perform itself runs after a use case",
  },
];

const ADAPTERS = ["app/routes/", "app/web/"];

/**
 * Every place an adapter (a route, app/web) writes other than through `perform`: a batch written itself
 * (`caller.write(…)`), or a service that takes the database handle called directly instead of run as a use case.
 */
export function adapterWriteViolations(sources: readonly ts.SourceFile[]): Violation[] {
  const code = sources.filter(isAppCode);
  const modules = new Map(code.map((source) => [source.fileName, moduleOf(source)]));
  return code.flatMap((source) => {
    if (!ADAPTERS.some((folder) => source.fileName.startsWith(folder))) return [];
    const imported = modules.get(source.fileName)?.imported ?? new Map();
    const found: Violation[] = [];
    const report = (node: ts.Node, message: string) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file: source.fileName, line, specifier: "", message });
    };
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isPropertyAccessExpression(callee) && callee.name.text === "write") {
          report(node, "an adapter writes no batch itself: a use case does, run with perform");
        }
        const from = ts.isIdentifier(callee) ? imported.get(callee.text) : undefined;
        const allowed = from && HANDLE_TAKERS.some((e) => e.file === from.file && e.name === from.name);
        if (from && !allowed && modules.get(from.file)?.functions.get(from.name)?.takesHandle) {
          report(node, `${from.name} takes the database handle: run it as a use case, with perform`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  });
}
