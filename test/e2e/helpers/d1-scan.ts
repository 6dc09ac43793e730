import { d1Rows } from './local-d1.ts';

/**
 * `table.column` of every text value in the e2e stack's D1 that contains one of `needles`
 * (case-insensitive): what a spec checks after an erasure, that nothing still names the guest.
 */
export async function columnsNaming(needles: string[]): Promise<string[]> {
  const columns = (await d1Rows(
    "SELECT m.name AS t, p.name AS c FROM sqlite_master AS m, pragma_table_info(m.name) AS p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%' AND m.name <> 'd1_migrations'",
  )) as { t: string; c: string }[];
  // No columns would mean no scan, and every caller's "nothing found" would pass unearned.
  if (columns.length === 0) throw new Error('columnsNaming: the schema query found no columns to scan');
  const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const hit = (c: string) => needles.map((n) => `instr(lower("${c}"), lower(${quote(n)})) > 0`).join(' OR ');
  // One row of counts per 50 columns: D1 refuses a long compound SELECT.
  const found: string[] = [];
  for (let i = 0; i < columns.length; i += 50) {
    const chunk = columns.slice(i, i + 50);
    const [counts] = await d1Rows(
      `SELECT ${chunk
        .map(({ t, c }, k) => `(SELECT count(*) FROM "${t}" WHERE typeof("${c}") = 'text' AND (${hit(c)})) AS k${k}`)
        .join(', ')}`,
    );
    chunk.forEach(({ t, c }, k) => {
      if (Number(counts[`k${k}`]) > 0) found.push(`${t}.${c}`);
    });
  }
  return found;
}
