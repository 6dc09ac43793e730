/**
 * The console's charts (issue 21, web/src/features/admin/components/charts and stats-charts.tsx):
 * plain SVG drawn from the numbers given, each a figure with a caption, an image named by a
 * summary of its numbers, and the numbers themselves as a table; empty states when there is
 * nothing to draw.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { StatsWeek } from '@/features/admin/api/stats-api';
import { BarChart } from '@/features/admin/components/charts/bar-chart';
import { LineChart } from '@/features/admin/components/charts/line-chart';
import { countAxis } from '@/features/admin/components/charts/scale';
import { StatsCharts } from '@/features/admin/components/stats-charts';
import { CONSOLE_COPY } from '@domain/copy-console';

const S = CONSOLE_COPY.stats;

afterEach(cleanup);

/** A week with nothing in it, starting on `monday`. */
const week = (monday: string, over: Partial<StatsWeek> = {}): StatsWeek => ({
  week_start: monday,
  week_end: monday,
  dinners: 0,
  seats_sold: 0,
  show_booked: 0,
  show_checked_in: 0,
  show_rate: null,
  responses: 0,
  rating_evening: null,
  rating_host: null,
  rating_venue: null,
  guests: 0,
  repeat_guests: 0,
  mutual_matches: 0,
  ...over,
});

/** Four weeks: a busy one, one without a dinner, one with a dinner not over yet, and one rated. */
const series: StatsWeek[] = [
  week('2026-03-02', {
    dinners: 2,
    seats_sold: 14,
    show_booked: 14,
    show_checked_in: 12,
    show_rate: 0.857,
    responses: 6,
    rating_evening: 4.5,
    rating_host: 4,
    rating_venue: 3.5,
    guests: 13,
    repeat_guests: 3,
    mutual_matches: 2,
  }),
  week('2026-03-09'),
  week('2026-03-16', { dinners: 1, seats_sold: 6, guests: 6, repeat_guests: 1 }),
  week('2026-03-23', {
    dinners: 1,
    seats_sold: 8,
    show_booked: 8,
    show_checked_in: 6,
    show_rate: 0.75,
    responses: 2,
    rating_evening: 3.5,
    rating_host: 5,
    rating_venue: 4,
    guests: 8,
    repeat_guests: 2,
    mutual_matches: 1,
  }),
];

const figure = (name: string) => screen.getByRole('figure', { name });
const image = (name: string) => within(figure(name)).getByRole('img');
const values = (svg: Element, selector = '[data-value]') =>
  [...svg.querySelectorAll(selector)].map((el) => el.getAttribute('data-value'));

describe('the bar chart', () => {
  it('draws one bar per value at its height, a dash for a week without one, and names itself by its summary', () => {
    render(
      <BarChart
        bars={[
          { label: '2 Mar', value: 10 },
          { label: '9 Mar', value: null },
          { label: '16 Mar', value: 5 },
        ]}
        summary="Seats sold: 15 in all."
      />,
    );
    const svg = screen.getByRole('img', { name: 'Seats sold: 15 in all.' });
    expect(values(svg)).toEqual(['10', 'none', '5']);
    const [ten, , five] = [...svg.querySelectorAll('rect[data-value]')].map((r) => Number(r.getAttribute('height')));
    // On the same axis (0 to 10): twice the value, twice the height.
    expect(ten).toBeCloseTo(five * 2, 5);
    // Each value is written above its bar, and the axis has round ticks.
    expect(svg.textContent).toContain('10');
    expect(svg.textContent).toContain('5');
  });

  it('puts its axis at a round number at or above the highest value', () => {
    expect(countAxis([3, 14, 9])).toEqual({ min: 0, max: 15, ticks: [0, 5, 10, 15] });
    expect(countAxis([null, 0])).toEqual({ min: 0, max: 4, ticks: [0, 2, 4] });
    expect(countAxis([120]).max).toBeGreaterThanOrEqual(120);
  });
});

describe('the line chart', () => {
  it('draws a marker per value and breaks the line at a missing week', () => {
    render(
      <LineChart
        labels={['2 Mar', '9 Mar', '16 Mar', '23 Mar']}
        lines={[{ name: 'Show rate', values: [0.5, null, 1, 0.75], tone: 'text-primary', marker: 'circle' }]}
        axis={{ min: 0, max: 1, ticks: [0, 0.5, 1] }}
        summary="Show rate: 75% overall."
      />,
    );
    const svg = screen.getByRole('img', { name: 'Show rate: 75% overall.' });
    expect(values(svg, 'circle[data-value]')).toEqual(['0.5', '1', '0.75']);
    // Two runs: the first week alone, then the last two joined.
    expect(svg.querySelectorAll('polyline')).toHaveLength(2);
  });
});

describe('the dashboard charts', () => {
  it('shows five figures, each captioned, its image named by the numbers, and the numbers as a table', async () => {
    const user = userEvent.setup();
    render(<StatsCharts series={series} />);
    for (const title of [S.seatsTitle, S.showTitle, S.ratingsTitle, S.repeatTitle, S.matchesTitle])
      expect(figure(title)).toBeTruthy();

    expect(image(S.seatsTitle).getAttribute('aria-label')).toBe(
      'Seats sold per week over 4 weeks, from the week of 2 Mar to the week of 23 Mar: 28 seats in all. Most: 14, in the week of 2 Mar. This week: 8.',
    );
    expect(values(image(S.seatsTitle))).toEqual(['14', 'none', '6', '8']);

    // The show rate over the dinners that ended: 18 of 22 seats; the week not over yet has no point.
    expect(image(S.showTitle).getAttribute('aria-label')).toContain('82% overall, 18 of 22 seats checked in');
    expect(image(S.showTitle).getAttribute('aria-label')).toContain('Lowest 75%, in the week of 23 Mar');
    expect(values(image(S.showTitle))).toEqual(['0.857', '0.75']);

    // Ratings: three lines told apart by marker, averaged over all 8 responses.
    const ratings = image(S.ratingsTitle);
    expect(ratings.getAttribute('aria-label')).toContain('from 8 responses: evening 4.3, host 4.3, venue 3.6');
    expect(values(ratings, '[data-series="Evening"] [data-value]')).toEqual(['4.5', '3.5']);
    expect(values(ratings, '[data-series="Host"] rect[data-value]')).toEqual(['4', '5']);
    expect(values(ratings, '[data-series="Venue"] path[data-value]')).toEqual(['3.5', '4']);
    const legend = within(figure(S.ratingsTitle)).getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Evening', 'Host', 'Venue']);

    expect(image(S.repeatTitle).getAttribute('aria-label')).toContain('6 repeat guests in all');
    expect(image(S.repeatTitle).getAttribute('aria-label')).toContain(
      'Guests counted week by week: 27, 22% of them back.',
    );
    expect(values(image(S.matchesTitle))).toEqual(['2', 'none', '0', '1']);

    // The numbers, behind a disclosure: a real table with a row per week.
    const seats = figure(S.seatsTitle);
    await user.click(within(seats).getByText(S.showNumbers));
    const table = within(seats).getByRole('table', { name: `${S.seatsTitle}, week by week` });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      [S.week, 'Dinners', S.seatsTitle],
      ['2 Mar', '2', '14'],
      ['9 Mar', '0', '0'],
      ['16 Mar', '1', '6'],
      ['23 Mar', '1', '8'],
    ]);
    expect(within(seats).getByText(S.hideNumbers)).toBeTruthy();
    const show = within(figure(S.showTitle)).getByRole('table');
    expect(within(show).getByRole('rowheader', { name: '9 Mar' }).parentElement?.textContent).toContain(S.noDinner);
    expect(within(show).getByRole('rowheader', { name: '16 Mar' }).parentElement?.textContent).toContain(S.notYet);
  });

  it('says so when no dinner happened in these weeks, and per chart when it has nothing to draw', () => {
    const { unmount } = render(<StatsCharts series={[week('2026-03-02'), week('2026-03-09')]} />);
    expect(screen.getByText(S.empty)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    unmount();

    // A dinner under way: seats sold, but nothing ended, rated, repeated or matched yet.
    render(<StatsCharts series={[week('2026-03-02', { dinners: 1, seats_sold: 7, guests: 7 })]} />);
    expect(within(figure(S.seatsTitle)).getByRole('img')).toBeTruthy();
    for (const [title, empty] of [
      [S.showTitle, S.showEmpty],
      [S.ratingsTitle, S.ratingsEmpty],
      [S.repeatTitle, S.repeatEmpty],
      [S.matchesTitle, S.matchesEmpty],
    ]) {
      expect(within(figure(title)).getByText(empty)).toBeTruthy();
      expect(within(figure(title)).queryByRole('img')).toBeNull();
    }
  });

  it('has no axe violations (jsdom: no contrast)', async () => {
    render(<StatsCharts series={series} />);
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
  });
});
