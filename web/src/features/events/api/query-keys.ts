/**
 * React Query keys of the event answers. Shared with the Worker, which hands a page these
 * answers inside its HTML under the same keys (worker/routes/pages.ts).
 */
export const eventsQueryKey = () => ['events'] as const;
export const eventQueryKey = (idOrCity: string) => ['events', idOrCity] as const;
