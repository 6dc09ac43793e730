import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { fillPath, type ParamsOf, usePageParams } from '@/lib/page-table';

/**
 * How the host's pages link to one another: the paths of the host's page table
 * (features/host/routing/host-pages.tsx), and the link and parameter helpers typed against them.
 * Kept apart from the table so that a page can link to its neighbours without importing the table
 * that lazily imports it (no import circle). Paths are relative to /host, `$name` for a
 * parameter; the table is checked against this list.
 */
export type HostPath = '' | 'events/$eventId';

/** The current host page's path parameters, e.g. `useHostParams<'eventId'>().eventId`. */
export const useHostParams = usePageParams;

type HostLinkProps<P extends HostPath> = {
  to: P;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
} & (keyof ParamsOf<P> extends never ? { params?: undefined } : { params: ParamsOf<P> });

/** A link to a host page, by its path below /host. */
export function HostLink<P extends HostPath>({ to, params, ...rest }: HostLinkProps<P>) {
  return <Link to="/host/$" params={{ _splat: fillPath(to, (params ?? {}) as ParamsOf<P>) }} {...rest} />;
}
