// The size rule (docs/architecture.md, "Tests and lint"): a file in app/ of
// at most 400 lines, a function of at most 100. Today's offenders are listed
// in scripts/size-baseline.json with their size; the list only shrinks.
import ts from "typescript";

export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 100;

/** Files the file rule leaves alone: the schema is one table after another, and reads best whole. */
export const FILE_SIZE_EXEMPT = ["app/db/schema.ts"];

/** Offenders by key (`app/x.ts` for a file, `app/x.ts:Outer.inner` for a function) and their lines. */
export type Baseline = { files: Record<string, number>; functions: Record<string, number> };

/** A file's size and each of its functions' (nested ones too), by a name that survives edits above it. */
export type Measure = { file: string; lines: number; functions: { name: string; line: number; lines: number }[] };

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ConstructorDeclaration;

const isFunctionLike = (node: ts.Node): node is FunctionLike =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node);

/** What a reader would call a function: its own name, the variable or property it is, or the call it is given to. */
function nameOf(node: FunctionLike, source: ts.SourceFile): string {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (node.name !== undefined) return node.name.getText(source);
  if (ts.isFunctionDeclaration(node)) return "default";
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isExportAssignment(parent)) return "default";
  if (ts.isCallExpression(parent)) return `${parent.expression.getText(source).replace(/\s+/g, "")}(…)`;
  if (ts.isJsxExpression(parent)) {
    const attribute = parent.parent;
    return ts.isJsxAttribute(attribute) ? `${attribute.name.getText(source)}={…}` : "{…}";
  }
  return "(anonymous)";
}

/** Lines of a file's text (a final newline ends the last line, it does not start another). */
const lineCount = (text: string) => text.split("\n").length - (text.endsWith("\n") ? 1 : 0);

/** A parsed module's size and its functions' (the source needs parent pointers: lint-layers.ts's parseSource). */
export function measure(source: ts.SourceFile): Measure {
  const file = source.fileName;
  const text = source.text;
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const functions: Measure["functions"] = [];
  const seen = new Map<string, number>();
  const visit = (node: ts.Node, outer: string) => {
    let scope = outer;
    if (isFunctionLike(node)) {
      const qualified = outer === "" ? nameOf(node, source) : `${outer}.${nameOf(node, source)}`;
      const count = (seen.get(qualified) ?? 0) + 1;
      seen.set(qualified, count);
      scope = count === 1 ? qualified : `${qualified}#${count}`;
      const start = lineOf(node.getStart(source));
      functions.push({ name: scope, line: start + 1, lines: lineOf(node.getEnd()) - start + 1 });
    }
    ts.forEachChild(node, (child) => visit(child, scope));
  };
  visit(source, "");
  return { file, lines: lineCount(text), functions };
}

/** Every file and function over its limit, as a baseline would list them. */
export function offenders(measures: readonly Measure[]): Baseline {
  const found: Baseline = { files: {}, functions: {} };
  for (const { file, lines, functions } of measures) {
    if (lines > MAX_FILE_LINES && !FILE_SIZE_EXEMPT.includes(file)) found.files[file] = lines;
    for (const f of functions) if (f.lines > MAX_FUNCTION_LINES) found.functions[`${file}:${f.name}`] = f.lines;
  }
  return found;
}

/**
 * What the offenders found say against the baseline: a new offender, or one
 * grown past its recorded size, fails; so does an entry that shrank or is
 * gone, until the baseline is brought down to it (the ratchet only tightens).
 */
export function sizeProblems(found: Baseline, baseline: Baseline): string[] {
  const problems: string[] = [];
  const compare = (kind: "files" | "functions", limit: number) => {
    const noun = kind === "files" ? "file" : "function";
    for (const [key, lines] of Object.entries(found[kind])) {
      const recorded = baseline[kind][key];
      if (recorded === undefined) {
        problems.push(`${key}: ${noun} of ${lines} lines, over ${limit}; split it`);
      } else if (lines > recorded) {
        problems.push(`${key}: ${noun} grew to ${lines} lines, from the baseline's ${recorded}; split it`);
      } else if (lines < recorded) {
        problems.push(`${key}: ${noun} shrank to ${lines} lines; lower its baseline entry from ${recorded}`);
      }
    }
    for (const [key, recorded] of Object.entries(baseline[kind])) {
      if (found[kind][key] === undefined) {
        const gone = `no longer over ${limit} lines (was ${recorded}), or renamed`;
        problems.push(`${key}: ${noun} ${gone}; remove its baseline entry`);
      }
    }
  };
  compare("files", MAX_FILE_LINES);
  compare("functions", MAX_FUNCTION_LINES);
  return problems;
}

/**
 * The baseline brought down to what was found (`node scripts/lint.ts --shrink-size-baseline`):
 * entries lowered or dropped, never raised or added, so it cannot let a file grow.
 */
export function shrunkBaseline(found: Baseline, baseline: Baseline): Baseline {
  const shrink = (kind: "files" | "functions") =>
    Object.fromEntries(
      Object.entries(baseline[kind]).flatMap(([key, recorded]) => {
        const lines = found[kind][key];
        return lines === undefined ? [] : [[key, Math.min(lines, recorded)]];
      }),
    );
  return { files: shrink("files"), functions: shrink("functions") };
}
