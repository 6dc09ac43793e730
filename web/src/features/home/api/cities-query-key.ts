/**
 * React Query key of the home page's cities. Shared with the Worker, which hands the home page
 * this answer inside its HTML under the same key (worker/routes/pages.ts).
 */
export const citiesQueryKey = () => ['cities'] as const;
