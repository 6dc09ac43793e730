/**
 * The geometry every chart shares: one small viewBox, scaled to its box's width, so the same chart
 * reads on a phone (about 340 px wide) and beside another on a desktop. Labels are drawn at a size
 * that stays legible at the phone's scale; the numbers themselves are in each chart's table.
 */
export const VIEW = { width: 320, height: 176 } as const;
/** The plot area inside the viewBox: room on the left for the value ticks and below for the weeks. */
export const PLOT = { left: 34, right: 8, top: 14, bottom: 24 } as const;
export const PLOT_WIDTH = VIEW.width - PLOT.left - PLOT.right;
export const PLOT_HEIGHT = VIEW.height - PLOT.top - PLOT.bottom;
/** Label sizes in viewBox units (about 11 px on a phone, 16 px on a desktop card). */
export const LABEL_SIZE = 11;

/** A value axis from `min` to `max` with its tick values. */
export type Axis = { min: number; max: number; ticks: number[] };

/**
 * A value axis from 0 up to a round number at or above the data's highest value, with three or
 * four ticks (never fewer than 0 and the top; whole numbers only).
 * @example countAxis([3, 14, 9]) // { min: 0, max: 15, ticks: [0, 5, 10, 15] }
 */
export function countAxis(values: Array<number | null>): Axis {
  const highest = Math.max(0, ...values.map((v) => v ?? 0));
  if (highest <= 4) return { min: 0, max: 4, ticks: [0, 2, 4] };
  const step =
    [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((s) => highest / s <= 3) ??
    10 ** Math.ceil(Math.log10(highest / 3));
  const max = Math.ceil(highest / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= max; t += step) ticks.push(t);
  return { min: 0, max, ticks };
}

/** Where band `i` of `n` centres along the x axis. */
export const bandCentre = (i: number, n: number) => PLOT.left + (PLOT_WIDTH / n) * (i + 0.5);
/** The width of one of `n` bands. */
export const bandWidth = (n: number) => PLOT_WIDTH / n;

/** Where `value` sits on `axis`, as a y coordinate of the viewBox. */
export const yOf = (value: number, axis: Axis) =>
  PLOT.top + PLOT_HEIGHT - ((value - axis.min) / (axis.max - axis.min || 1)) * PLOT_HEIGHT;

/** Which of `n` x labels to draw: about six at most, always the last (this week). */
export function labelShown(i: number, n: number): boolean {
  const every = Math.ceil(n / 6);
  return (n - 1 - i) % every === 0;
}
