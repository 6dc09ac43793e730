import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api';

export type GrievanceBody = Parameters<typeof api.grievances.$post>[0]['json'];

/** POST /api/grievances: `{ reference, due_at, acknowledged }`, the acknowledgement already emailed. */
export const fileGrievance = (body: GrievanceBody) => unwrap(api.grievances.$post({ json: body }));

export const useFileGrievance = () => useMutation({ mutationFn: fileGrievance });
