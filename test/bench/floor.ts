/**
 * The floor `npm run bench:load` holds `GET /api/events` to (issue 23): the least a Worker can do
 * to answer that list, one D1 SELECT of the same bookable dinners with the same columns (seats
 * left aside), answered as JSON. No framework, no middleware, no D1 session: what `wrangler dev`,
 * the static assets' router in front of a Worker that serves them, and D1 cost on their own, on
 * the same machine, in the same run. Config: floor.wrangler.toml, with the Worker's own `[assets]`
 * added by load.ts (docs/decisions/037-the-api-against-its-floor.md).
 */
type FloorEnv = { DB: D1Database };

const LIST = `SELECT id, city, title, location, date, starts_at, ends_at, description, image_url, available
  FROM events WHERE available = 1 AND cancelled_at IS NULL AND starts_at > ?1 ORDER BY starts_at, id`;

export default {
  async fetch(_request, env) {
    const { results } = await env.DB.prepare(LIST).bind(new Date().toISOString()).all();
    return Response.json({ events: results });
  },
} satisfies ExportedHandler<FloorEnv>;
