import { useId, useState } from 'react';
import { CONSOLE_COPY } from '@domain/copy-console';
import { useAdminCitiesQuery } from '../api/cities-api';
import { useAdminStatsQuery } from '../api/stats-api';
import { ConsoleLink } from '../routing/console-links';
import { StatsCharts } from './stats-charts';

const S = CONSOLE_COPY.stats;
/** The dashboard's span (issue 21: the last 12 weeks); the API takes 1 to 52. */
const WEEKS = 12;

/**
 * The dashboard's "last 12 weeks" (issue 21): seats sold, show rate, average ratings, repeat
 * guests and mutual matches per IST week (GET /api/admin/stats), of every city or of one, and the
 * way to the hosts' ratings.
 */
export function StatsSection() {
  const headingId = useId();
  const cityId = useId();
  const [city, setCity] = useState('');
  const stats = useAdminStatsQuery(city, WEEKS);
  const cities = useAdminCitiesQuery().data?.cities ?? [];
  return (
    <section aria-labelledby={headingId} aria-busy={stats.isFetching} className="mt-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-2xl font-bold">
            {S.heading(WEEKS)}
          </h2>
          <p className="mt-1 text-sm text-base-content/80">{S.intro}</p>
          <p className="mt-1 text-sm">
            <ConsoleLink to="hosts" className="link">
              {S.hostsLink}
            </ConsoleLink>
          </p>
        </div>
        <div>
          <label htmlFor={cityId} className="mb-1 block text-sm font-medium">
            {S.cityLabel}
          </label>
          <select id={cityId} className="select" value={city} onChange={(e) => setCity(e.currentTarget.value)}>
            <option value="">{S.allCities}</option>
            {cities.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      {stats.isPending ? (
        <p role="status" className="py-10 text-center text-base-content/80">
          Loading...
        </p>
      ) : stats.isError && !stats.data ? (
        <div role="alert" className="alert alert-error mt-4">
          <span>{stats.error.message || CONSOLE_COPY.admin.loadFailed}</span>
          <button type="button" className="btn btn-sm" onClick={() => stats.refetch()}>
            Try again
          </button>
        </div>
      ) : stats.data ? (
        <StatsCharts series={stats.data.series} />
      ) : null}
    </section>
  );
}
