import { CONSOLE_COPY } from '@domain/copy-console';
import { formatCalendarDate } from '@domain/time';
import type { StatsWeek } from '../api/stats-api';
import { BarChart } from './charts/bar-chart';
import { ChartFigure, type ChartTable } from './charts/chart-figure';
import { type Line, LineChart, LineLegend } from './charts/line-chart';

const S = CONSOLE_COPY.stats;

/** A week by its Monday, as the charts label it: '10 Mar'. */
export const weekLabel = (monday: string) => formatCalendarDate(monday, { year: false });
const percent = (share: number) => `${Math.round(share * 100)}%`;
const stars = (rating: number) => rating.toFixed(1);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The week with the highest value (the latest of equals), or null when every value is missing. */
function peak(series: StatsWeek[], value: (w: StatsWeek) => number | null) {
  let best: { week: StatsWeek; value: number } | null = null;
  for (const week of series) {
    const v = value(week);
    if (v !== null && (best === null || v >= best.value)) best = { week, value: v };
  }
  return best;
}

/** The week with the lowest value (the latest of equals), or null. */
function low(series: StatsWeek[], value: (w: StatsWeek) => number | null) {
  let worst: { week: StatsWeek; value: number } | null = null;
  for (const week of series) {
    const v = value(week);
    if (v !== null && (worst === null || v <= worst.value)) worst = { week, value: v };
  }
  return worst;
}

/** What a week without a value says in a table: no dinner that week, or none counted yet. */
const missing = (week: StatsWeek) => (week.dinners === 0 ? S.noDinner : S.notYet);

/** The span the charts cover, for their summaries: 'over 12 weeks, 6 Jan to 24 Mar'. */
function span(series: StatsWeek[]) {
  const first = series[0];
  const last = series[series.length - 1];
  const weeks = `${series.length} ${series.length === 1 ? 'week' : 'weeks'}`;
  return `over ${weeks}, from the week of ${weekLabel(first.week_start)} to the week of ${weekLabel(last.week_start)}`;
}

/** A count per week as bars, null for a week without a dinner. */
const barsOf = (series: StatsWeek[], value: (w: StatsWeek) => number) =>
  series.map((w) => ({ label: weekLabel(w.week_start), value: w.dinners === 0 ? null : value(w) }));

/** The summary of a count per week: the total, the busiest week and this week's. */
function countSummary(
  title: string,
  [one, many]: [string, string],
  series: StatsWeek[],
  value: (w: StatsWeek) => number,
) {
  const total = sum(series.map(value));
  const unit = total === 1 ? one : many;
  const top = peak(series, value);
  const now = series[series.length - 1];
  return `${title} per week ${span(series)}: ${total} ${unit} in all. Most: ${top?.value ?? 0}, in the week of ${weekLabel(
    top?.week.week_start ?? now.week_start,
  )}. This week: ${value(now)}.`;
}

/** The five charts of the dashboard, or one empty state when no dinner happened in these weeks. */
export function StatsCharts({ series }: { series: StatsWeek[] }) {
  if (series.length === 0 || series.every((w) => w.dinners === 0))
    return <p className="mt-4 rounded-box bg-base-200 p-6 text-center text-base-content/80">{S.empty}</p>;
  return (
    <div className="mt-4 grid items-start gap-4 lg:grid-cols-2">
      <SeatsChart series={series} />
      <ShowRateChart series={series} />
      <RatingsChart series={series} />
      <RepeatGuestsChart series={series} />
      <MutualMatchesChart series={series} />
    </div>
  );
}

export function SeatsChart({ series }: { series: StatsWeek[] }) {
  const table: ChartTable = {
    columns: [S.week, 'Dinners', S.seatsTitle],
    rows: series.map((w) => ({ label: weekLabel(w.week_start), cells: [String(w.dinners), String(w.seats_sold)] })),
  };
  return (
    <ChartFigure title={S.seatsTitle} description={S.seatsWhat} table={table}>
      <BarChart
        bars={barsOf(series, (w) => w.seats_sold)}
        summary={countSummary(S.seatsTitle, ['seat', 'seats'], series, (w) => w.seats_sold)}
      />
    </ChartFigure>
  );
}

export function ShowRateChart({ series }: { series: StatsWeek[] }) {
  const booked = sum(series.map((w) => w.show_booked));
  const came = sum(series.map((w) => w.show_checked_in));
  const lowest = low(series, (w) => w.show_rate);
  const highest = peak(series, (w) => w.show_rate);
  const summary =
    lowest && highest
      ? `${S.showTitle} per week ${span(series)}: ${percent(came / booked)} overall, ${came} of ${booked} seats checked in. Lowest ${percent(
          lowest.value,
        )}, in the week of ${weekLabel(lowest.week.week_start)}; highest ${percent(highest.value)}, in the week of ${weekLabel(
          highest.week.week_start,
        )}.`
      : '';
  const table: ChartTable = {
    columns: [S.week, 'Seats booked', 'Checked in', S.showTitle],
    rows: series.map((w) => ({
      label: weekLabel(w.week_start),
      cells:
        w.show_rate === null
          ? [String(w.show_booked), String(w.show_checked_in), missing(w)]
          : [String(w.show_booked), String(w.show_checked_in), percent(w.show_rate)],
    })),
  };
  return (
    <ChartFigure title={S.showTitle} description={S.showWhat} table={table} empty={lowest ? null : S.showEmpty}>
      <LineChart
        labels={series.map((w) => weekLabel(w.week_start))}
        lines={[{ name: S.showTitle, values: series.map((w) => w.show_rate), tone: 'text-primary', marker: 'circle' }]}
        axis={{ min: 0, max: 1, ticks: [0, 0.5, 1] }}
        format={percent}
        summary={summary}
      />
    </ChartFigure>
  );
}

/** The three ratings as lines: told apart by colour, marker and dash. */
const RATING_LINES = [
  { key: 'rating_evening', name: 'Evening', tone: 'text-primary', marker: 'circle' },
  { key: 'rating_host', name: 'Host', tone: 'text-secondary', marker: 'square', dash: '5 3' },
  { key: 'rating_venue', name: 'Venue', tone: 'text-base-content', marker: 'diamond', dash: '1.5 2.5' },
] as const;

export function RatingsChart({ series }: { series: StatsWeek[] }) {
  const responses = sum(series.map((w) => w.responses));
  // Each week's average weighted by its responses: the average of every response in these weeks.
  const overall = (key: (typeof RATING_LINES)[number]['key']) =>
    sum(series.map((w) => (w[key] ?? 0) * w.responses)) / responses;
  const lines: Line[] = RATING_LINES.map((l) => ({ ...l, values: series.map((w) => w[l.key]) }));
  const summary =
    responses > 0
      ? `${S.ratingsTitle} out of 5 ${span(series)}, from ${responses} ${responses === 1 ? 'response' : 'responses'}: ${RATING_LINES.map(
          (l) => `${l.name.toLowerCase()} ${stars(overall(l.key))}`,
        ).join(', ')}.`
      : '';
  const table: ChartTable = {
    columns: [S.week, 'Responses', ...RATING_LINES.map((l) => l.name)],
    rows: series.map((w) => ({
      label: weekLabel(w.week_start),
      cells: [
        String(w.responses),
        ...RATING_LINES.map((l) => (w[l.key] === null ? missing(w) : (w[l.key] as number).toFixed(2))),
      ],
    })),
  };
  return (
    <ChartFigure
      title={S.ratingsTitle}
      description={S.ratingsWhat}
      table={table}
      empty={responses > 0 ? null : S.ratingsEmpty}
      legend={<LineLegend lines={lines} />}
    >
      <LineChart
        labels={series.map((w) => weekLabel(w.week_start))}
        lines={lines}
        axis={{ min: 1, max: 5, ticks: [1, 2, 3, 4, 5] }}
        format={String}
        summary={summary}
      />
    </ChartFigure>
  );
}

export function RepeatGuestsChart({ series }: { series: StatsWeek[] }) {
  const repeat = sum(series.map((w) => w.repeat_guests));
  const guests = sum(series.map((w) => w.guests));
  const table: ChartTable = {
    columns: [S.week, 'Guests', S.repeatTitle],
    rows: series.map((w) => ({
      label: weekLabel(w.week_start),
      cells: [String(w.guests), String(w.repeat_guests)],
    })),
  };
  return (
    <ChartFigure
      title={S.repeatTitle}
      description={S.repeatWhat}
      table={table}
      empty={repeat > 0 ? null : S.repeatEmpty}
    >
      <BarChart
        bars={barsOf(series, (w) => w.repeat_guests)}
        summary={`${countSummary(S.repeatTitle, ['repeat guest', 'repeat guests'], series, (w) => w.repeat_guests)} Guests counted week by week: ${guests}, ${percent(
          repeat / Math.max(1, guests),
        )} of them back.`}
      />
    </ChartFigure>
  );
}

export function MutualMatchesChart({ series }: { series: StatsWeek[] }) {
  const pairs = sum(series.map((w) => w.mutual_matches));
  const table: ChartTable = {
    columns: [S.week, S.matchesTitle],
    rows: series.map((w) => ({ label: weekLabel(w.week_start), cells: [String(w.mutual_matches)] })),
  };
  return (
    <ChartFigure
      title={S.matchesTitle}
      description={S.matchesWhat}
      table={table}
      empty={pairs > 0 ? null : S.matchesEmpty}
    >
      <BarChart
        bars={barsOf(series, (w) => w.mutual_matches)}
        summary={countSummary(S.matchesTitle, ['pair', 'pairs'], series, (w) => w.mutual_matches)}
      />
    </ChartFigure>
  );
}
