import { reset, setError, useForm } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import { useId } from 'react';
import * as v from 'valibot';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { ApiRequestError } from '@/lib/api';
import { GRIEVANCE_CONSOLE_COPY } from '@domain/copy-grievances-console';
import { GrievanceReplySchema } from '@domain/grievance';
import { formatIstDate, formatIstDateTime } from '@domain/time';
import { type AdminGrievance, useAdminGrievancesQuery, useReplyToGrievance } from '../api/grievances-api';
import { FormField } from './form-field';

const T = GRIEVANCE_CONSOLE_COPY;

type Values = { reply: string };

/** Where a grievance stands, in words (never by colour alone): Overdue, Open or Resolved. */
function StatusBadge({ g }: { g: AdminGrievance }) {
  if (g.overdue) return <span className="badge badge-error font-semibold">{T.overdue}</span>;
  if (g.status === 'open') return <span className="badge badge-warning">{T.open}</span>;
  return <span className="badge badge-success">{T.resolved}</span>;
}

/** The operator's answer: checked by the domain's schema here and again by the server. */
function ReplyForm({ g }: { g: AdminGrievance }) {
  useSignals();
  const form = useForm<Values>({ initialValues: { reply: '' } });
  const [store, { Form }] = form;
  const send = useReplyToGrievance();
  const id = `reply-${g.id}`;

  return (
    <Form
      className="flex flex-col gap-3"
      shouldActive={false}
      onSubmit={async (values) => {
        const parsed = v.safeParse(GrievanceReplySchema, values);
        if (!parsed.success) {
          setError(store, 'reply', parsed.issues[0].message);
          return;
        }
        try {
          const answer = await send.mutateAsync({ id: g.id, reply: parsed.output.reply });
          reset(store);
          toast(
            answer.emailed
              ? { title: T.sent, description: T.sentText(g.reference) }
              : { title: T.sent, description: T.notEmailed(g.reference), variant: 'destructive' },
          );
        } catch (e) {
          if (e instanceof ApiRequestError && e.fields.reply) setError(store, 'reply', e.fields.reply);
          else toastError(e);
        }
      }}
    >
      <FormField form={form} id={id} name="reply" label={T.reply} hint={T.replyHint} textarea />
      <div>
        <button type="submit" className="btn btn-primary btn-sm" disabled={send.isPending}>
          {send.isPending ? T.sending : T.send}
        </button>
      </div>
    </Form>
  );
}

function GrievanceCard({ g }: { g: AdminGrievance }) {
  const headingId = useId();
  return (
    <li
      aria-labelledby={headingId}
      data-testid="grievance"
      className={`card bg-base-100 shadow-sm ring-1 ${g.overdue ? 'ring-2 ring-error' : 'ring-base-300'}`}
    >
      <article className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={headingId} className="text-lg font-semibold break-words">
            <span className="font-mono">{g.reference}</span> · {g.subject}
          </h3>
          <StatusBadge g={g} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/75">{T.from}</dt>
          <dd className="break-words">
            {g.name} · <a href={`mailto:${g.email}`}>{g.email}</a>
            {g.signed_in ? ` (${T.signedIn})` : ''}
          </dd>
          <dt className="text-base-content/75">{T.filed}</dt>
          <dd>{formatIstDateTime(g.created_at)}</dd>
          <dt className="text-base-content/75">{T.due}</dt>
          <dd data-testid="grievance-due">
            {formatIstDate(g.due_at)}
            {g.overdue ? <strong className="text-error"> ({T.overdue})</strong> : null}
          </dd>
          <dt className="text-base-content/75">{T.acknowledged}</dt>
          <dd>{g.acknowledged_at ? formatIstDateTime(g.acknowledged_at) : T.notAcknowledged}</dd>
          {g.replied_at && (
            <>
              <dt className="text-base-content/75">{T.replied}</dt>
              <dd>
                {formatIstDateTime(g.replied_at)}
                {g.replied_by_name ? ` · ${g.replied_by_name}` : ''}
              </dd>
            </>
          )}
        </dl>
        <p className="whitespace-pre-wrap break-words">{g.description}</p>
        {g.status === 'open' ? (
          <ReplyForm g={g} />
        ) : (
          <blockquote className="whitespace-pre-wrap break-words border-l-4 border-base-300 pl-3 text-sm">
            {g.reply}
          </blockquote>
        )}
      </article>
    </li>
  );
}

/**
 * `/admin/grievances` (issue 22): every grievance with its due date (a month after filing), open
 * ones first and the soonest due at the top, the overdue marked in words; each open one carries
 * the reply form whose answer resolves it and is emailed to the guest.
 */
export function GrievancesPage() {
  const list = useAdminGrievancesQuery();
  return (
    <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-10">
      <header>
        <h1 className="font-display text-3xl font-bold">{T.title}</h1>
        <p className="text-base-content/75">{T.intro}</p>
      </header>
      <section aria-labelledby="grievances-list-title" className="flex flex-col gap-3">
        <h2 id="grievances-list-title" className="text-xl font-semibold">
          All grievances
        </h2>
        {list.isPending ? (
          <p role="status">Loading grievances…</p>
        ) : list.isError ? (
          <p role="alert" className="alert alert-error">
            {T.loadFailed}
          </p>
        ) : list.data.grievances.length === 0 ? (
          <p>{T.empty}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.grievances.map((g) => (
              <GrievanceCard key={g.id} g={g} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
