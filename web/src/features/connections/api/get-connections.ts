import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/**
 * GET /api/connections — the guest's mutual 'dine again's (issue 21): the other's first name, the
 * dinner, and the contact they chose to share. A one-sided 'again' is never here.
 */
export const getConnections = () => unwrap(api.connections.$get());

export type Connection = Awaited<ReturnType<typeof getConnections>>['connections'][number];

export const connectionsQueryOptions = () =>
  queryOptions({ queryKey: ['connections'], queryFn: getConnections, staleTime: 0 });

export const useConnectionsQuery = () => useQuery(connectionsQueryOptions());
