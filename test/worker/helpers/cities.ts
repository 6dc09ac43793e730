import { env } from 'cloudflare:test';
import { db } from '../../../db/client';
import { cities } from '../../../db/schema';
import type { CityStatus } from '../../../worker/domain/city';

/** A row in the cities table (a dinner's city must be one), hidden unless told otherwise. */
export async function addCity(
  slug: string,
  over: { status?: CityStatus; name?: string; blurb?: string; position?: number } = {},
) {
  const row = {
    slug,
    name: over.name ?? slug,
    blurb: over.blurb ?? 'A test city.',
    status: over.status ?? 'hidden',
    position: over.position ?? 500,
  };
  await db(env.DB).insert(cities).values(row).onConflictDoNothing();
  return row;
}
