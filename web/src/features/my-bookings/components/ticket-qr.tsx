import { useEffect, useState } from 'react';

type Matrix = { size: number; path: string };

/** Quiet zone around the code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET = 4;

/** One SVG path of every dark module: `M x y h1 v1 h-1 z` per module, so the code is one element. */
function toPath(data: boolean[][]): string {
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return d;
}

/**
 * The ticket as a QR code of its ticket code, drawn in the browser as SVG. The encoder (`uqr`,
 * MIT, no dependencies) is imported on first render, so it is a chunk of its own that only My
 * Booking ever loads; until then a blank square of the same size holds the place.
 */
export function TicketQr({ code }: { code: string }) {
  const [matrix, setMatrix] = useState<Matrix | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setMatrix(null);
    import('uqr')
      .then(({ encode }) => {
        // Medium error correction: a phone still reads it with a scratch or glare on the screen.
        const qr = encode(code, { ecc: 'M', border: 0 });
        if (live) setMatrix({ size: qr.size, path: toPath(qr.data) });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [code]);

  const box = 'size-48 rounded-box bg-white p-0 sm:size-56';
  if (failed)
    return (
      <p className={`${box} grid place-items-center p-4 text-center text-sm text-neutral`}>
        The QR code could not be drawn here. Show your host the ticket code below instead.
      </p>
    );
  if (!matrix) return <div className={`${box} skeleton`} aria-hidden="true" data-testid="ticket-qr-pending" />;
  const side = matrix.size + 2 * QUIET;
  return (
    <svg
      role="img"
      aria-label={`QR code of your ticket ${code}`}
      viewBox={`${-QUIET} ${-QUIET} ${side} ${side}`}
      className={box}
      shapeRendering="crispEdges"
      data-testid="ticket-qr"
    >
      <rect x={-QUIET} y={-QUIET} width={side} height={side} fill="#fff" />
      <path d={matrix.path} fill="#000" />
    </svg>
  );
}
