// A tiny SQL tokenizer: enough to split a string into statements (like
// sqlite3_complete, CREATE TRIGGER ... BEGIN ... END bodies included) and
// recognise keywords. Strings, quoted identifiers and comments are skipped;
// it never needs to understand the SQL itself.

export type Token = { kind: "word" | "semi" | "other"; text: string; start: number; end: number };
export type SqlStatement = { sql: string; tokens: Token[] };

const identStart = /[A-Za-z_\u0080-\uffff]/;
const identChar = /[A-Za-z0-9_$\u0080-\uffff]/;

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  const n = sql.length;
  let i = 0;
  const push = (kind: Token["kind"], start: number) => {
    tokens.push({ kind, text: sql.slice(start, i), start, end: i });
  };
  const skipTo = (needle: string, from: number) => {
    const at = sql.indexOf(needle, from);
    return at < 0 ? n : at + needle.length;
  };
  while (i < n) {
    const c = sql.charAt(i);
    const start = i;
    if (/\s/.test(c)) i++;
    else if (c === "-" && sql.charAt(i + 1) === "-") i = skipTo("\n", i);
    else if (c === "/" && sql.charAt(i + 1) === "*") i = skipTo("*/", i + 2);
    else if (c === "'" || c === '"' || c === "`") {
      i++;
      for (;;) {
        i = skipTo(c, i);
        if (i >= n || sql.charAt(i) !== c) break;
        i++; // a doubled quote is an escaped quote: the string goes on
      }
      push("other", start);
    } else if (c === "[") {
      i = skipTo("]", i);
      push("other", start);
    } else if (c === ";") {
      i++;
      push("semi", start);
    } else if (identStart.test(c)) {
      while (i < n && identChar.test(sql.charAt(i))) i++;
      push("word", start);
    } else if (/[0-9.]/.test(c)) {
      i++;
      while (i < n && /[0-9A-Za-z_.]/.test(sql.charAt(i))) i++;
      push("other", start);
    } else {
      i++;
      push("other", start);
    }
  }
  return tokens;
}

export const keyword = (t: Token | undefined): string =>
  t !== undefined && t.kind === "word" ? t.text.toUpperCase() : "";

export function splitStatements(sql: string): SqlStatement[] {
  const out: SqlStatement[] = [];
  let cur: Token[] = [];
  let trigger = false;
  let body: "before" | "in" | "after" = "before";
  let caseDepth = 0;
  const flush = (end: number) => {
    const first = cur[0];
    if (first !== undefined) out.push({ sql: sql.slice(first.start, end), tokens: cur });
    cur = [];
    trigger = false;
    body = "before";
    caseDepth = 0;
  };
  for (const t of tokenize(sql)) {
    if (t.kind === "semi") {
      if (cur.length === 0) continue;
      if (trigger && body !== "after") cur.push(t);
      else flush(t.end);
      continue;
    }
    cur.push(t);
    const w = keyword(t);
    if (w === "TRIGGER" && cur.length <= 3 && keyword(cur[0]) === "CREATE") trigger = true;
    else if (trigger && w === "BEGIN" && body === "before") body = "in";
    else if (trigger && body === "in" && w === "CASE") caseDepth++;
    else if (trigger && body === "in" && w === "END") {
      if (caseDepth > 0) caseDepth--;
      else body = "after";
    }
  }
  const last = cur[cur.length - 1];
  if (last !== undefined) flush(last.end);
  return out;
}
