import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

/** GET /api/grievances/officer: the grievance officer (config) and the bot check's site key, if on. Public. */
export const getGrievanceOfficer = () => unwrap(api.grievances.officer.$get());
export type GrievanceOfficerAnswer = Awaited<ReturnType<typeof getGrievanceOfficer>>;

export const grievanceOfficerQueryOptions = () =>
  queryOptions({ queryKey: ['grievance-officer'], queryFn: getGrievanceOfficer, staleTime: Number.POSITIVE_INFINITY });

export const useGrievanceOfficer = () => useQuery(grievanceOfficerQueryOptions());
