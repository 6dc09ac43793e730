/**
 * D1 round trips per request (the contract test's budgets, decision 008): a D1 binding that counts
 * each statement run and each batch as one, and a request run through the Worker with it.
 */
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../../worker/index';

/** D1's limit on the parameters one statement binds (Cloudflare D1 limits). */
export const D1_MAX_BOUND_PARAMETERS = 100;

/**
 * A D1 binding that counts round trips: each statement run, and each batch, is one. It also
 * refuses a statement binding more than {@link D1_MAX_BOUND_PARAMETERS}, as production D1 does.
 */
export function countingD1(inner: D1Database) {
  const counter = { trips: 0 };
  const originals = new WeakMap<object, object>();
  const unwrap = <T extends object>(o: T): T => (originals.get(o) as T) ?? o;
  const wrapStatement = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === 'bind')
          return (...values: unknown[]) => {
            // Production D1 refuses a statement with more than 100 bound parameters; the local
            // one does not, so the counter refuses it as D1 would.
            if (values.length > D1_MAX_BOUND_PARAMETERS) throw new Error(`too many SQL variables (${values.length})`);
            return wrapStatement(target.bind(...values));
          };
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop === 'first' || prop === 'all' || prop === 'run' || prop === 'raw') {
          return (...args: unknown[]) => {
            counter.trips += 1;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    originals.set(proxy, stmt);
    return proxy;
  };
  const wrapDatabase = <D extends D1Database | D1DatabaseSession>(database: D): D =>
    new Proxy(database, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === 'prepare') return (query: string) => wrapStatement(target.prepare(query));
        if (prop === 'batch') {
          return (statements: D1PreparedStatement[]) => {
            counter.trips += 1;
            return target.batch(statements.map(unwrap));
          };
        }
        if (prop === 'withSession')
          return (...args: unknown[]) => wrapDatabase((target as D1Database).withSession(...(args as [string])));
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return { database: wrapDatabase(inner), counter };
}

/** Runs `request` through the Worker (with `bindings` over the test env) and answers how many D1 round trips it cost. */
export async function roundTrips(
  request: Request,
  bindings: Partial<typeof env> = {},
): Promise<{ trips: number; status: number }> {
  const { database, counter } = countingD1(env.DB);
  const ctx = createExecutionContext();
  const res = await worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...bindings, DB: database },
    ctx,
  );
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { trips: counter.trips, status: res.status };
}
