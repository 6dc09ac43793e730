/**
 * The benchmark's Worker (test/bench/matching.ts bundles it with esbuild and runs it in workerd
 * through Miniflare): POST / seats the posted parties with the production `seatParties` and
 * answers the seating; POST /noop only reads the same body, so the benchmark can tell the
 * request's own cost from the matching's. workerd freezes its clocks while code runs, so the
 * time is measured outside, by the caller.
 */
import { type MatchParty, seatParties } from '../../worker/domain/matching';

export default {
  async fetch(request: Request): Promise<Response> {
    const body = (await request.json()) as { parties: MatchParty[]; seed: string };
    if (new URL(request.url).pathname === '/noop') return Response.json({ parties: body.parties.length });
    return Response.json(seatParties(body.parties, { seed: body.seed }));
  },
};
