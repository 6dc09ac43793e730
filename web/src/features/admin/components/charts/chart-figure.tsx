import { type ReactNode, useId, useState } from 'react';
import { CONSOLE_COPY } from '@domain/copy-console';

/** A chart's numbers as a table: a header row, then one row per week (its label first). */
export type ChartTable = { columns: string[]; rows: Array<{ label: string; cells: string[] }> };

/**
 * One chart as a figure: its title and what it counts in the caption, the picture (an SVG whose
 * accessible name sums the numbers up, passed as `children`), an optional legend, and the numbers
 * behind it as a real table behind a "Show the numbers" disclosure, for anyone who wants them
 * exactly, screen readers included. `empty` replaces the picture when there is nothing to draw.
 */
export function ChartFigure({
  title,
  description,
  empty,
  legend,
  table,
  children,
}: {
  title: string;
  description: string;
  empty?: string | null;
  legend?: ReactNode;
  table: ChartTable;
  children: ReactNode;
}) {
  const titleId = useId();
  const [open, setOpen] = useState(false);
  return (
    <figure aria-labelledby={titleId} className="min-w-0 rounded-box border border-base-300 bg-base-100 p-4">
      <figcaption>
        <h3 id={titleId} className="text-lg font-bold">
          {title}
        </h3>
        <p className="text-sm text-base-content/80">{description}</p>
      </figcaption>
      {empty ? (
        <p className="mt-4 rounded-box bg-base-200 p-4 text-center text-sm text-base-content/80">{empty}</p>
      ) : (
        <>
          <div className="mt-3">{children}</div>
          {legend}
          <details className="mt-2 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
            <summary className="cursor-pointer link">
              {open ? CONSOLE_COPY.stats.hideNumbers : CONSOLE_COPY.stats.showNumbers}
              <span className="sr-only">: {title}</span>
            </summary>
            <div
              role="region"
              aria-label={`${title}: the numbers`}
              // Focusable so a keyboard can scroll a wide table sideways on a phone.
              tabIndex={0}
              className="mt-2 overflow-x-auto"
            >
              <table className="w-full text-left text-sm tabular-nums">
                <caption className="sr-only">{`${title}, week by week`}</caption>
                <thead>
                  <tr className="border-b border-base-300">
                    {table.columns.map((c, i) => (
                      <th key={c} scope="col" className={`px-2 py-1 font-semibold ${i > 0 ? 'text-right' : ''}`}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => (
                    <tr key={row.label} className="border-b border-base-300">
                      <th scope="row" className="whitespace-nowrap px-2 py-1 font-medium">
                        {row.label}
                      </th>
                      {row.cells.map((cell, i) => (
                        <td key={table.columns[i + 1]} className="whitespace-nowrap px-2 py-1 text-right">
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </figure>
  );
}
