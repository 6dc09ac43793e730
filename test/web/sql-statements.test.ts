import { describe, expect, it } from 'vitest';
import { statementsOf } from '../e2e/helpers/sql-statements.ts';

// The e2e harness sends each statement of a spec's SQL as one item of a D1 batch
// (test/e2e/helpers/local-d1.ts): a `;` it failed to see would run two statements as one, and
// only the last one's rows would come back.
describe('statementsOf, the e2e harness splitting SQL', () => {
  it('splits at each semicolon between statements, trimmed, blank and comment-only pieces dropped', () => {
    expect(statementsOf('SELECT 1;\n  UPDATE t SET a = 1 ;\n\n-- the end\n;')).toEqual([
      'SELECT 1',
      'UPDATE t SET a = 1',
    ]);
    expect(statementsOf('DELETE FROM t')).toEqual(['DELETE FROM t']);
    expect(statementsOf('  \n-- nothing\n/* at all */ ')).toEqual([]);
  });

  it('keeps a semicolon inside a string, a quoted name or a comment', () => {
    expect(statementsOf(`INSERT INTO t VALUES ('a;b', 'it''s; ok'); SELECT "x;y", [p;q], \`r;s\` FROM t`)).toEqual([
      `INSERT INTO t VALUES ('a;b', 'it''s; ok')`,
      'SELECT "x;y", [p;q], `r;s` FROM t',
    ]);
    expect(statementsOf('SELECT 1 /* ; */ + 1; -- a; b\nSELECT 2')).toEqual([
      'SELECT 1 /* ; */ + 1',
      '-- a; b\nSELECT 2',
    ]);
    expect(statementsOf("SELECT '--;'; SELECT 3")).toEqual(["SELECT '--;'", 'SELECT 3']);
  });
});
