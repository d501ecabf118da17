/**
 * Splits a SQL script into its statements at top-level semicolons, leaving semicolons inside
 * comments, quoted strings, quoted identifiers and dollar-quoted bodies (`do $$ … $$`) alone.
 * Statements come back trimmed, comments kept, empty ones dropped.
 *
 * Citus refuses DDL on distributed tables sent as one multi-statement query, so migrations are
 * sent one statement per query.
 */
export function splitSqlStatements(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const push = (end: number): void => {
    const s = sql.slice(start, end).trim();
    if (s.replace(/--[^\n]*\n?/g, "").trim() !== "") out.push(s);
  };
  while (i < sql.length) {
    const ch = sql[i]!;
    const next = sql[i + 1];
    if (ch === "-" && next === "-") {
      const nl = sql.indexOf("\n", i);
      i = nl === -1 ? sql.length : nl + 1;
    } else if (ch === "/" && next === "*") {
      const close = sql.indexOf("*/", i + 2);
      i = close === -1 ? sql.length : close + 2;
    } else if (ch === "'" || ch === '"') {
      // A doubled quote inside is an escaped quote: the scan simply re-enters the string.
      const close = sql.indexOf(ch, i + 1);
      i = close === -1 ? sql.length : close + 1;
    } else if (ch === "$") {
      const tag = /^\$[A-Za-z_]*\$/.exec(sql.slice(i))?.[0];
      if (tag) {
        const close = sql.indexOf(tag, i + tag.length);
        i = close === -1 ? sql.length : close + tag.length;
      } else i++;
    } else if (ch === ";") {
      push(i);
      start = i + 1;
      i++;
    } else i++;
  }
  push(sql.length);
  return out;
}
