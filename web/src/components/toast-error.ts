import { ApiRequestError } from '@/lib/api';
import { COPY } from '@domain/copy';
import { toast } from './toast';

// Its own module, not toast.tsx: toast.tsx is in every guest's first load, this only in the
// pages that call it.
/**
 * The error toast for a request that failed: the API's own message (its error shape, DESIGN.md),
 * or the common 'Something went wrong' for anything else (a dropped connection), never a raw one.
 */
export const toastError = (error: unknown) =>
  toast({
    title: COPY.common.errorTitle,
    description: error instanceof ApiRequestError ? error.message : COPY.common.failed,
    variant: 'destructive',
  });
