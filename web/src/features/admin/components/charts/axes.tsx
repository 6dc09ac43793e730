import { type Axis, bandCentre, LABEL_SIZE, labelShown, PLOT, VIEW, yOf } from './scale';

/** The value axis: a faint gridline and a label at each tick. Inherits the SVG's text colour. */
export function ValueAxis({ axis, format }: { axis: Axis; format: (value: number) => string }) {
  return (
    <g fill="currentColor" fontSize={LABEL_SIZE}>
      {axis.ticks.map((t) => {
        const y = yOf(t, axis);
        return (
          <g key={t}>
            <line
              x1={PLOT.left}
              x2={VIEW.width - PLOT.right}
              y1={y}
              y2={y}
              stroke="currentColor"
              strokeOpacity={0.15}
            />
            <text x={PLOT.left - 4} y={y} dy="0.32em" textAnchor="end" fillOpacity={0.8}>
              {format(t)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The weeks below the plot: about six labels, always this week's (the last). */
export function WeekAxis({ labels }: { labels: string[] }) {
  return (
    <g fill="currentColor" fontSize={LABEL_SIZE} fillOpacity={0.8}>
      {labels.map((label, i) =>
        labelShown(i, labels.length) ? (
          <text key={label} x={bandCentre(i, labels.length)} y={VIEW.height - 8} textAnchor="middle">
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}
