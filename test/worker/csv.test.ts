/** The CSV writer (worker/lib/csv.ts): RFC 4180 quoting, the BOM, and formula neutralising. */
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, toCsv } from '../../worker/lib/csv';

describe('csvCell', () => {
  it('leaves plain text and numbers alone, and writes nothing for null', () => {
    expect(csvCell('Asha Verma')).toBe('Asha Verma');
    expect(csvCell(899)).toBe('899');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });

  it('quotes a field holding a comma, a quote, CR or LF, and doubles its quotes (RFC 4180)', () => {
    expect(csvCell('Verma, Asha')).toBe('"Verma, Asha"');
    expect(csvCell('Asha "Ash" Verma')).toBe('"Asha ""Ash"" Verma"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\rb')).toBe('"a\rb"');
  });

  it('neutralises text that a spreadsheet would run as a formula, with a single quote', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+919876543210')).toBe("'+919876543210");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // Only at the start: inside a value they are harmless.
    expect(csvCell('a=b+c')).toBe('a=b+c');
    expect(csvCell('guest@example.com')).toBe('guest@example.com');
  });
});

describe('toCsv', () => {
  it('starts with the UTF-8 byte-order mark and ends every record with CRLF', () => {
    const text = toCsv(
      ['Name', 'Amount'],
      [
        ['Ananya Śarmā ₹', 899],
        ['Ravi, Jr.', null],
      ],
    );
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text).toBe('\uFEFFName,Amount\r\nAnanya Śarmā ₹,899\r\n"Ravi, Jr.",\r\n');
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes only the header when there are no rows', () => {
    expect(toCsv(['A', 'B'], [])).toBe('\uFEFFA,B\r\n');
  });
});
