/**
 * The text drawn in a PDF written by worker/lib/pdf.ts (worker/services/invoice-pdf.ts), line by line, for
 * tests: each content stream inflated (the writer deflates them) and its `Tj` strings decoded (the
 * standard fonts' hex strings are WinAnsi bytes). Web APIs only, so it runs in Node and in workerd.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const raw = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  const lines: string[] = [];
  const streams = /stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const body = bytes.slice(start, raw[end - 1] === '\n' ? end - 1 : end);
    const text = await inflate(body).catch(() => null);
    if (text === null) continue;
    for (const t of text.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      lines.push(t[1] !== undefined ? hexToLatin1(t[1]) : t[2].replace(/\\(.)/g, '$1'));
    }
    streams.lastIndex = end;
  }
  return lines;
}

async function inflate(data: Uint8Array): Promise<string> {
  const stream = new Blob([new Uint8Array(data)]).stream().pipeThrough(new DecompressionStream('deflate'));
  const out = new Uint8Array(await new Response(stream).arrayBuffer());
  return Array.from(out, (b) => String.fromCharCode(b)).join('');
}

const hexToLatin1 = (hex: string) =>
  (hex.match(/../g) ?? []).map((h) => String.fromCharCode(Number.parseInt(h, 16))).join('');

/** Rupees in a document line ('Rs. 1,694.92') as paise. */
export const paiseIn = (line: string | undefined) => {
  const m = /Rs\. ([\d,]+)\.(\d{2})/.exec(line ?? '');
  if (!m) throw new Error(`no amount in ${JSON.stringify(line)}`);
  return Number(m[1].replaceAll(',', '')) * 100 + Number(m[2]);
};
