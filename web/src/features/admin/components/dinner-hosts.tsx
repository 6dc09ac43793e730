import { CONSOLE_COPY } from '@domain/copy-console';
import { useId, useState } from 'react';
import { toast } from '@/components/toast';
import { useAssignHost, useDinnerHostsQuery, useRemoveHost } from '../api/hosts-api';

const H = CONSOLE_COPY.host;

/**
 * A dinner's hosts on its guest list page (docs/decisions/019): who checks its guests in, added by
 * the phone or email they signed in with (they need the host role), removed with one button.
 */
export function DinnerHosts({ eventId }: { eventId: string }) {
  const query = useDinnerHostsQuery(eventId);
  const assign = useAssignHost(eventId);
  const remove = useRemoveHost(eventId);
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [user, setUser] = useState('');
  const fieldError =
    assign.error && 'fields' in assign.error ? (assign.error.fields as Record<string, string>).user : undefined;

  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Hosts
      </h2>
      {query.isPending ? (
        <p role="status" className="mt-2 text-base-content/80">
          Loading...
        </p>
      ) : query.isError ? (
        <p role="alert" className="mt-2 text-error">
          {query.error.message}
        </p>
      ) : query.data.hosts.length === 0 ? (
        <p className="mt-1 text-sm text-base-content/80">{H.noHosts}</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {query.data.hosts.map((h) => (
            <li key={h.user_id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="min-w-0 break-words">
                <strong>{h.name || h.phone || h.email}</strong>
                {h.phone && h.name !== h.phone && <span className="text-base-content/80"> · {h.phone}</span>}
                {h.email && h.name !== h.email && <span className="text-base-content/80"> · {h.email}</span>}
              </span>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={remove.isPending}
                aria-label={`Remove ${h.name || h.phone || h.email} as host`}
                onClick={() => remove.mutate(h.user_id, { onSuccess: () => toast({ title: H.hostRemoved }) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          assign.mutate(user, {
            onSuccess: (answer) => {
              setUser('');
              toast({ title: answer.changed ? H.hostAssigned : H.hostAlreadyAssigned });
            },
          });
        }}
      >
        <label htmlFor={inputId} className="block font-medium">
          Add a host
        </label>
        <p id={hintId} className="text-sm text-base-content/80">
          Their phone (10 digits) or the email they signed in with. They need the host role.
        </p>
        <div className="mt-1 flex flex-wrap gap-2">
          <input
            id={inputId}
            className="input input-bordered min-w-0 flex-1"
            value={user}
            onChange={(e) => setUser(e.currentTarget.value)}
            autoComplete="off"
            aria-describedby={assign.isError ? `${hintId} ${errorId}` : hintId}
            aria-invalid={assign.isError || undefined}
            maxLength={255}
            required
          />
          <button type="submit" className="btn btn-primary" disabled={assign.isPending || !user.trim()}>
            {assign.isPending ? 'Adding…' : 'Add host'}
          </button>
        </div>
        {assign.isError && (
          <p id={errorId} role="alert" className="mt-2 text-error">
            {fieldError ?? assign.error.message}
          </p>
        )}
        {remove.isError && (
          <p role="alert" className="mt-2 text-error">
            {remove.error.message}
          </p>
        )}
      </form>
    </section>
  );
}
