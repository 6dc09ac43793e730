import { ValueAxis, WeekAxis } from './axes';
import { type Axis, bandCentre, PLOT, VIEW, yOf } from './scale';

/** How a line is told apart without its colour (WCAG 1.4.1): its marker and its dash. */
export type LineStyle = {
  /** A theme text colour class: the line and its markers are drawn in `currentColor`. */
  tone: 'text-primary' | 'text-secondary' | 'text-base-content';
  marker: 'circle' | 'square' | 'diamond';
  dash?: string;
};

/** One line: its name (the legend's) and a value per week; null leaves a gap. */
export type Line = LineStyle & { name: string; values: Array<number | null> };

/** A marker of `shape` centred on (x, y). */
function Marker({ shape, x, y, value }: { shape: LineStyle['marker']; x: number; y: number; value?: number }) {
  if (shape === 'square') return <rect x={x - 3.2} y={y - 3.2} width={6.4} height={6.4} data-value={value} />;
  if (shape === 'diamond')
    return <path d={`M${x} ${y - 4.4}L${x + 4.4} ${y}L${x} ${y + 4.4}L${x - 4.4} ${y}Z`} data-value={value} />;
  return <circle cx={x} cy={y} r={3.6} data-value={value} />;
}

/** The runs of consecutive weeks with a value: a line is drawn along each, never across a gap. */
function runs(values: Array<number | null>): Array<Array<{ i: number; v: number }>> {
  const out: Array<Array<{ i: number; v: number }>> = [];
  let run: Array<{ i: number; v: number }> = [];
  values.forEach((v, i) => {
    if (v === null) {
      if (run.length) out.push(run);
      run = [];
    } else run.push({ i, v });
  });
  if (run.length) out.push(run);
  return out;
}

/**
 * Lines over the weeks, one per series, each with its own colour, marker and dash; a week without
 * a value breaks the line. One image to assistive technology, named by `summary`.
 * @example <LineChart labels={['3 Mar', '10 Mar']} axis={{ min: 0, max: 1, ticks: [0, 0.5, 1] }} lines={[…]} summary="…" />
 */
export function LineChart({
  labels,
  lines,
  axis,
  summary,
  format = String,
}: {
  labels: string[];
  lines: Line[];
  axis: Axis;
  summary: string;
  format?: (value: number) => string;
}) {
  const n = labels.length;
  return (
    <svg
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      role="img"
      aria-label={summary}
      className="h-auto w-full text-base-content"
      data-chart="lines"
    >
      <ValueAxis axis={axis} format={format} />
      <line
        x1={PLOT.left}
        x2={VIEW.width - PLOT.right}
        y1={yOf(axis.min, axis)}
        y2={yOf(axis.min, axis)}
        stroke="currentColor"
        strokeOpacity={0.6}
      />
      {lines.map((line) => (
        <g key={line.name} className={line.tone} data-series={line.name}>
          {runs(line.values).map((run) => (
            <polyline
              key={run[0].i}
              points={run.map(({ i, v }) => `${bandCentre(i, n)},${yOf(v, axis)}`).join(' ')}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeDasharray={line.dash}
              strokeLinejoin="round"
            />
          ))}
          <g fill="currentColor">
            {line.values.map((v, i) =>
              v === null ? null : (
                // biome-ignore lint/suspicious/noArrayIndexKey: one marker per week, in week order.
                <Marker key={i} shape={line.marker} x={bandCentre(i, n)} y={yOf(v, axis)} value={v} />
              ),
            )}
          </g>
        </g>
      ))}
      <WeekAxis labels={labels} />
    </svg>
  );
}

/** The lines' legend: each name beside a sample of its line and marker. */
export function LineLegend({ lines }: { lines: Array<LineStyle & { name: string }> }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Legend">
      {lines.map((line) => (
        <li key={line.name} className="inline-flex items-center gap-2">
          <svg viewBox="0 0 24 12" className={`h-3 w-6 shrink-0 ${line.tone}`} aria-hidden="true" focusable="false">
            <line x1={0} x2={24} y1={6} y2={6} stroke="currentColor" strokeWidth={2} strokeDasharray={line.dash} />
            <g fill="currentColor">
              <Marker shape={line.marker} x={12} y={6} />
            </g>
          </svg>
          {line.name}
        </li>
      ))}
    </ul>
  );
}
