/**
 * A one-page PDF, written by hand: text in the standard Helvetica and Helvetica-Bold, in a colour,
 * and straight lines — all a tax invoice needs (worker/services/invoice-pdf.ts). It replaced pdf-lib,
 * which was 180 KB of the Worker's gzipped bundle (issue 23, docs/decisions/030-tax-invoices.md).
 * Text is WinAnsiEncoding (Windows-1252), the standard fonts' encoding: any other character is
 * printed as "?". The page's content is deflated; the file follows ISO 32000-1 §7.5 (header,
 * numbered objects, a cross-reference table of exact byte offsets, trailer).
 */
import { FONT_WIDTHS, type FontName, WIN_ANSI_HIGH } from './pdf-fonts';

export type { FontName };
/** A colour as red, green and blue from 0 to 1. */
export type Rgb = readonly [number, number, number];
export type TextStyle = { font: FontName; size: number; color: Rgb };
export type PdfInfo = { title: string; author: string; created: Date; modified: Date };

/** The page's font resources: the name each font goes by in the content stream. */
const FONT_KEYS: Record<FontName, string> = { Helvetica: 'F1', 'Helvetica-Bold': 'F2' };

/** The WinAnsi code of a character, or null when the encoding has none. */
function winAnsiCode(codePoint: number): number | null {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return WIN_ANSI_HIGH.get(codePoint) ?? null;
}

/** The text as the standard fonts can print it: each character they cannot draw becomes "?". */
export function printable(text: string): string {
  return Array.from(text, (ch) => (winAnsiCode(ch.codePointAt(0) ?? 0) === null ? '?' : ch)).join('');
}

/** The WinAnsi bytes of the text, "?" for what has none. */
function winAnsiBytes(text: string): number[] {
  return Array.from(text, (ch) => winAnsiCode(ch.codePointAt(0) ?? 0) ?? 0x3f);
}

/** The width of the text drawn in the font at the size, in points (no kerning: Tj draws none). */
export function textWidth(text: string, font: FontName, size: number): number {
  const widths = FONT_WIDTHS[font];
  return (winAnsiBytes(text).reduce((sum, code) => sum + widths[code - 32], 0) * size) / 1000;
}

/** A number as PDF writes it: at most three decimals, no exponent, no "-0". */
export function pdfNumber(n: number): string {
  const s = String(Math.round(n * 1000) / 1000);
  return s === '-0' ? '0' : s;
}

/** A literal string of bytes: backslash and both parentheses escaped (ISO 32000-1 §7.3.4.2). */
export function pdfLiteral(bytes: readonly number[]): string {
  return `(${bytes.map((b) => (b === 0x28 || b === 0x29 || b === 0x5c ? `\\${String.fromCharCode(b)}` : String.fromCharCode(b))).join('')})`;
}

/**
 * A text string for the document information (§7.9.2.2): printable ASCII as a literal string,
 * anything else as UTF-16BE with its byte order mark, which every reader decodes.
 */
export function pdfTextString(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return pdfLiteral(Array.from(text, (ch) => ch.charCodeAt(0)));
  const hex = Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, '0'));
  return `<FEFF${hex.join('').toUpperCase()}>`;
}

/** A date as PDF writes it (§7.9.4), in UTC: D:YYYYMMDDHHmmSSZ. */
export function pdfDate(date: Date): string {
  return `D:${date.toISOString().replace(/[-:T]|\.\d+Z$/g, '')}Z`;
}

const colour = ([r, g, b]: Rgb) => `${pdfNumber(r)} ${pdfNumber(g)} ${pdfNumber(b)}`;

/** A page to draw on, in points from its bottom left corner. */
export class PdfPage {
  readonly width: number;
  readonly height: number;
  private readonly ops: string[] = [];

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
  }

  /** Text with its baseline starting at (x, y). */
  text(text: string, x: number, y: number, { font, size, color }: TextStyle) {
    const str = pdfLiteral(winAnsiBytes(text));
    this.ops.push(
      `BT /${FONT_KEYS[font]} ${pdfNumber(size)} Tf ${colour(color)} rg ${pdfNumber(x)} ${pdfNumber(y)} Td ${str} Tj ET`,
    );
  }

  /** A straight line from (x1, y1) to (x2, y2). */
  line(x1: number, y1: number, x2: number, y2: number, { thickness, color }: { thickness: number; color: Rgb }) {
    const [a, b, c, d] = [x1, y1, x2, y2].map(pdfNumber);
    this.ops.push(`${colour(color)} RG ${pdfNumber(thickness)} w ${a} ${b} m ${c} ${d} l S`);
  }

  /** The content stream's operators, uncompressed (Latin-1: one character a byte). */
  content(): string {
    return this.ops.join('\n');
  }
}

/** Latin-1 text as its bytes: every string written here holds only characters below 256. */
const latin1 = (s: string) => Uint8Array.from(s, (ch) => ch.charCodeAt(0));

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The file: catalog, page tree, the page, its two fonts, its content, the document information. */
export async function writePdf(page: PdfPage, info: PdfInfo): Promise<Uint8Array<ArrayBuffer>> {
  const content = await deflate(latin1(page.content()));
  const font = (name: FontName) => `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const fonts = (Object.keys(FONT_KEYS) as FontName[]).map((name, i) => `/${FONT_KEYS[name]} ${4 + i} 0 R`);
  const objects: (string | [string, Uint8Array])[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pdfNumber(page.width)} ${pdfNumber(page.height)}] /Resources << /Font << ${fonts.join(' ')} >> >> /Contents 6 0 R >>`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    [`<< /Length ${content.length} /Filter /FlateDecode >>`, content],
    `<< /Title ${pdfTextString(info.title)} /Author ${pdfTextString(info.author)} /CreationDate (${pdfDate(info.created)}) /ModDate (${pdfDate(info.modified)}) >>`,
  ];

  const chunks: Uint8Array[] = [];
  let length = 0;
  const put = (bytes: Uint8Array) => {
    chunks.push(bytes);
    length += bytes.length;
  };
  // The comment of four bytes above 127 tells transfer tools the file is binary (§7.5.2).
  put(latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'));
  const offsets = objects.map((object, i) => {
    const at = length;
    if (typeof object === 'string') put(latin1(`${i + 1} 0 obj\n${object}\nendobj\n`));
    else {
      put(latin1(`${i + 1} 0 obj\n${object[0]}\nstream\n`));
      put(object[1]);
      put(latin1('\nendstream\nendobj\n'));
    }
    return at;
  });
  const xref = length;
  // Each entry exactly 20 bytes, its end of line a space and a line feed (§7.5.4).
  const entries = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  put(latin1(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`));
  put(latin1(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`));
  put(latin1(`startxref\n${xref}\n%%EOF\n`));

  const file = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    file.set(chunk, at);
    at += chunk.length;
  }
  return file;
}
