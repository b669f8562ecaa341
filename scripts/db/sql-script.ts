/**
 * Splits a migration script into statements at the semicolons that end them, not at those inside quoted
 * strings, quoted names, comments or dollar-quoted bodies ($$ … $$, $fn$ … $fn$): the pg driver adapter's own
 * executeScript splits at every semicolon, which breaks a PL/pgSQL function. Chunks holding only comments
 * are dropped.
 */
export function splitSqlScript(script: string): string[] {
  const statements: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number) => {
    const text = script.slice(start, end).trim();
    if (text && stripComments(text).trim()) statements.push(text);
    start = end + 1;
  };
  while (i < script.length) {
    const ch = script[i]!;
    const next = script[i + 1];
    if (ch === "-" && next === "-") {
      const end = script.indexOf("\n", i);
      i = end === -1 ? script.length : end + 1;
    } else if (ch === "/" && next === "*") {
      // Block comments nest in PostgreSQL.
      let depth = 1;
      let j = i + 2;
      while (j < script.length && depth > 0) {
        const pair = script.slice(j, j + 2);
        if (pair === "/*" || pair === "*/") {
          depth += pair === "/*" ? 1 : -1;
          j += 2;
        } else j += 1;
      }
      i = j;
    } else if (ch === "'" || ch === '"') {
      // A doubled quote inside is an escaped quote; in an E'…' string a backslash escapes the next character.
      const backslashEscapes = ch === "'" && /[eE]/.test(script[i - 1] ?? "") && !/[A-Za-z0-9_]/.test(script[i - 2] ?? "");
      let j = i + 1;
      while (j < script.length) {
        if (backslashEscapes && script[j] === "\\") j += 2;
        else if (script[j] === ch && script[j + 1] === ch) j += 2;
        else if (script[j] === ch) break;
        else j += 1;
      }
      i = j + 1;
    } else if (ch === "$") {
      const tag = /^\$[A-Za-z_][A-Za-z0-9_]*\$|^\$\$/.exec(script.slice(i))?.[0];
      if (tag) {
        const end = script.indexOf(tag, i + tag.length);
        i = end === -1 ? script.length : end + tag.length;
      } else i += 1;
    } else if (ch === ";") {
      push(i);
      i += 1;
    } else i += 1;
  }
  push(script.length);
  return statements;
}

/** Only to tell a chunk of nothing but comments: nesting does not matter for that. */
function stripComments(text: string): string {
  return text.replace(/--[^\n]*/g, "").replace(/\/\*[\s\S]*\*\//g, "");
}
