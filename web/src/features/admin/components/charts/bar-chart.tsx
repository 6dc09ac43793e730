import { ValueAxis, WeekAxis } from './axes';
import { type Axis, bandCentre, bandWidth, countAxis, LABEL_SIZE, PLOT, VIEW, yOf } from './scale';

/** One bar: its week's label and value; null draws no bar (a week without a dinner). */
export type Bar = { label: string; value: number | null };

/**
 * Bars over the weeks, in the theme's primary colour, each with its value above it; a week
 * without data gets a short dash on the baseline instead of a bar. The SVG is one image to
 * assistive technology (`role="img"`, named by `summary`); the figure around it carries the table.
 * @example <BarChart bars={[{ label: '3 Mar', value: 12 }]} summary="Seats sold: 12 in the week of 3 Mar." />
 */
export function BarChart({
  bars,
  summary,
  axis = countAxis(bars.map((b) => b.value)),
  format = String,
}: {
  bars: Bar[];
  summary: string;
  axis?: Axis;
  format?: (value: number) => string;
}) {
  const n = bars.length;
  const width = bandWidth(n) * 0.62;
  const base = yOf(axis.min, axis);
  return (
    <svg
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      role="img"
      aria-label={summary}
      className="h-auto w-full text-base-content"
      data-chart="bars"
    >
      <ValueAxis axis={axis} format={format} />
      <g className="text-primary" fill="currentColor">
        {bars.map((b, i) => {
          const x = bandCentre(i, n);
          if (b.value === null)
            return <rect key={b.label} x={x - 3} y={base - 1} width={6} height={2} opacity={0.5} data-value="none" />;
          const top = yOf(b.value, axis);
          return (
            <g key={b.label}>
              <rect
                x={x - width / 2}
                y={top}
                width={width}
                height={Math.max(0, base - top)}
                rx={2}
                data-value={b.value}
              />
              {b.value > 0 && (
                <text
                  x={x}
                  y={top - 3}
                  textAnchor="middle"
                  fontSize={LABEL_SIZE - 1}
                  className="text-base-content"
                  fill="currentColor"
                >
                  {format(b.value)}
                </text>
              )}
            </g>
          );
        })}
      </g>
      <WeekAxis labels={bars.map((b) => b.label)} />
      <line x1={PLOT.left} x2={VIEW.width - PLOT.right} y1={base} y2={base} stroke="currentColor" strokeOpacity={0.6} />
    </svg>
  );
}
