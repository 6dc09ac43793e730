/**
 * The hand-written PDF writer (worker/lib/pdf.ts): a file whose cross-reference table points at
 * every object to the byte, strings escaped, WinAnsi text, and the AFM widths that right-align and
 * wrap the invoice's lines.
 */
import { describe, expect, it } from 'vitest';
import {
  PdfPage,
  pdfDate,
  pdfLiteral,
  pdfNumber,
  pdfTextString,
  printable,
  textWidth,
  writePdf,
} from '../../worker/lib/pdf';
import { pdfText } from '../e2e/helpers/pdf-text';

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');
const BLACK = [0, 0, 0] as const;
const info = {
  title: 'Tax invoice TM/26-27/000042',
  author: 'Tablemates',
  created: new Date('2026-11-20T13:45:10.000Z'),
  modified: new Date('2026-11-21T01:02:03.000Z'),
};

async function samplePdf() {
  const page = new PdfPage(595.28, 841.89);
  page.text('Hello (world) \\ back', 50, 791.89, { font: 'Helvetica-Bold', size: 14, color: BLACK });
  page.text('Zoë — €5 ₹', 320, 700.5, { font: 'Helvetica', size: 10, color: [0.35, 0.35, 0.35] });
  page.line(50, 600, 545.28, 600, { thickness: 0.5, color: [0.35, 0.35, 0.35] });
  return writePdf(page, info);
}

describe('writePdf', () => {
  it('writes a PDF whose cross-reference table gives every object its exact byte offset', async () => {
    const bytes = await samplePdf();
    const raw = latin1(bytes);
    expect(raw.startsWith('%PDF-1.7\n%')).toBe(true);
    expect(raw.endsWith('%%EOF\n')).toBe(true);

    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(raw)?.[1]);
    expect(raw.slice(startxref, startxref + 5)).toBe('xref\n');
    const table = /^xref\n0 (\d+)\n((?:\d{10} \d{5} [fn] \n)+)trailer\n/.exec(raw.slice(startxref));
    expect(table).not.toBeNull();
    const count = Number(table?.[1]);
    const entries = table?.[2].match(/.{20}/gs) ?? [];
    expect(entries).toHaveLength(count);
    expect(entries[0]).toBe('0000000000 65535 f \n');
    for (const [n, entry] of entries.slice(1).entries()) {
      const offset = Number(entry.slice(0, 10));
      expect(raw.slice(offset).startsWith(`${n + 1} 0 obj\n`), `object ${n + 1} at ${offset}`).toBe(true);
    }
    // Every object the file holds is in the table, and the trailer counts them all.
    expect(raw.match(/^\d+ 0 obj$/gm)).toHaveLength(count - 1);
    expect(raw).toContain(`/Size ${count} /Root 1 0 R`);
    const root = Number(entries[1].slice(0, 10));
    expect(raw.slice(root)).toMatch(/^1 0 obj\n<< \/Type \/Catalog /);
  });

  it("gives the content stream its exact length, deflated, and the page's standard fonts", async () => {
    const raw = latin1(await samplePdf());
    const stream = /<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/.exec(raw);
    expect(stream).not.toBeNull();
    const start = (stream?.index ?? 0) + (stream?.[0].length ?? 0);
    expect(raw.slice(start + Number(stream?.[1]))).toMatch(/^\nendstream\nendobj\n/);
    expect(raw).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding');
    expect(raw).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(raw).toContain('/MediaBox [0 0 595.28 841.89]');
  });

  it('draws text where it is asked to, escaped, in WinAnsi, "?" for what the fonts cannot draw', async () => {
    const page = new PdfPage(100, 100);
    page.text('a (b) \\ c', 10.5, 20, { font: 'Helvetica', size: 10, color: BLACK });
    expect(page.content()).toBe('BT /F1 10 Tf 0 0 0 rg 10.5 20 Td (a \\(b\\) \\\\ c) Tj ET');
    page.line(1, 2, 3, 4.25, { thickness: 0.5, color: [0.35, 0.35, 0.35] });
    expect(page.content().split('\n')[1]).toBe('0.35 0.35 0.35 RG 0.5 w 1 2 m 3 4.25 l S');

    expect(await pdfText(await samplePdf())).toEqual(['Hello (world) \\ back', 'Zo\xeb \x97 \x805 ?']);
  });

  it('writes the title, author and dates into the document information', async () => {
    const raw = latin1(await writePdf(new PdfPage(10, 10), { ...info, author: 'Zoë (Ω)' }));
    expect(raw).toContain('/Title (Tax invoice TM/26-27/000042)');
    expect(raw).toContain('/Author <FEFF005A006F00EB0020002803A90029>');
    expect(raw).toContain('/CreationDate (D:20261120134510Z) /ModDate (D:20261121010203Z)');
    const trailer = /\/Info (\d+) 0 R/.exec(raw);
    expect(raw).toMatch(new RegExp(`\\n${trailer?.[1]} 0 obj\\n<< /Title `));
  });
});

describe('strings and numbers', () => {
  it('escapes backslash and parentheses in literal strings, and nothing else', () => {
    expect(pdfLiteral(Array.from('(a\\b)', (c) => c.charCodeAt(0)))).toBe('(\\(a\\\\b\\))');
    expect(pdfLiteral([0x97, 0x41])).toBe('(\x97A)');
    expect(pdfTextString('Receipt (copy) \\ 1')).toBe('(Receipt \\(copy\\) \\\\ 1)');
    expect(pdfTextString('₹')).toBe('<FEFF20B9>');
  });

  it('writes numbers with at most three decimals and dates in UTC', () => {
    expect(pdfNumber(480.78999999999996)).toBe('480.79');
    expect(pdfNumber(791.89)).toBe('791.89');
    expect(pdfNumber(-0.0001)).toBe('0');
    expect(pdfNumber(1e-9)).toBe('0');
    expect(pdfNumber(12)).toBe('12');
    expect(pdfDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('D:20260102030405Z');
  });

  it('keeps what WinAnsi encodes and turns the rest into "?"', () => {
    expect(printable('Café — “quoted” €1 … Œuvre')).toBe('Café — “quoted” €1 … Œuvre');
    expect(printable('₹ नमस्ते 😀\t\n')).toBe('? ?????? ???');
  });
});

describe('textWidth', () => {
  it("sums the AFM widths of each font's glyphs at the size", () => {
    // Helvetica.afm: A 667, V 667, space 278, W 944; Helvetica-Bold.afm: A 722, i 278, W 944.
    expect(textWidth('AV', 'Helvetica', 1000)).toBe(1334);
    expect(textWidth('A W', 'Helvetica', 10)).toBeCloseTo(18.89, 10);
    expect(textWidth('Ai', 'Helvetica-Bold', 1000)).toBe(1000);
    expect(textWidth('W', 'Helvetica-Bold', 20)).toBeCloseTo(18.88, 10);
    // Rs. 1,234.56 in Helvetica: R 722, s 500, period 278, space 278, digits 556, comma 278.
    expect(textWidth('Rs. 1,234.56', 'Helvetica', 10)).toBeCloseTo(
      (722 + 500 + 278 + 278 + 6 * 556 + 278 + 278) / 100,
      10,
    );
    // Past ASCII: € 556, é 556, em dash 1000; what has no glyph is measured as the "?" drawn.
    expect(textWidth('€é—', 'Helvetica', 1000)).toBe(2112);
    // Ydieresis (WinAnsi 159) is 667 in both AFMs; its lowercase ÿ (255) is 500 and 556.
    expect(textWidth('Ÿÿ', 'Helvetica', 1000)).toBe(1167);
    expect(textWidth('Ÿÿ', 'Helvetica-Bold', 1000)).toBe(1223);
    expect(textWidth('₹', 'Helvetica', 1000)).toBe(textWidth('?', 'Helvetica', 1000));
    expect(textWidth('?', 'Helvetica-Bold', 1000)).toBe(611);
  });
});
