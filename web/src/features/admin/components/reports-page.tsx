import { useId, useState } from 'react';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { REPORT_CATEGORY_COPY, REPORTS_CONSOLE_COPY } from '@domain/copy-reports';
import { formatIstDate, formatIstDateTime, formatIstShort } from '@domain/time';
import { type AdminReport, useAdminReportsQuery, useResolveReport } from '../api/reports-api';
import { ConsoleLink } from '../routing/console-links';
import { type SuspendTarget, SuspendGuestDialog } from './suspend-guest';

const R = REPORTS_CONSOLE_COPY;

/** Where a report stands, in words (never by colour alone): Urgent, Open or Resolved. */
export function ReportBadges({ report }: { report: Pick<AdminReport, 'urgent' | 'status'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {report.urgent && report.status === 'open' && <span className="badge badge-error font-semibold">{R.urgent}</span>}
      {report.status === 'open' ? (
        <span className="badge badge-warning">{R.open}</span>
      ) : (
        <span className="badge badge-success">{R.resolved}</span>
      )}
    </span>
  );
}

/**
 * A report's facts as a description list: the dinner, who reported, the guest concerned and when.
 * `detailed` (the reports page): the full time, the guest's suspension and when it was resolved;
 * otherwise (needs attention) the short time only.
 */
export function ReportFacts({ report, detailed = false }: { report: AdminReport; detailed?: boolean }) {
  const about = report.about;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-base-content/80">Dinner</dt>
      <dd className="mb-1 break-words sm:mb-0">
        <ReportDinner report={report} />
      </dd>
      <dt className="text-base-content/80">Reported by</dt>
      <dd className="mb-1 break-words sm:mb-0">{report.reporter.name || 'No name'}</dd>
      <dt className="text-base-content/80">Guest concerned</dt>
      <dd className="mb-1 break-words sm:mb-0">
        {about ? (
          <>
            {about.name || 'No name'}
            {detailed && about.suspended_at && <span className="badge badge-neutral ml-2">{R.suspended}</span>}
          </>
        ) : (
          R.nobody
        )}
      </dd>
      <dt className="text-base-content/80">Reported</dt>
      <dd className="mb-1 sm:mb-0">
        <time dateTime={report.created_at}>
          {detailed ? formatIstDateTime(report.created_at) : formatIstShort(report.created_at)}
        </time>
      </dd>
      {detailed && report.resolved_at && (
        <>
          <dt className="text-base-content/80">Resolved</dt>
          <dd>
            <time dateTime={report.resolved_at}>{formatIstDateTime(report.resolved_at)}</time>
          </dd>
        </>
      )}
    </dl>
  );
}

/** The dinner a report is about, linked to its guest list; or that it names none. */
export function ReportDinner({ report }: { report: Pick<AdminReport, 'event'> }) {
  if (!report.event) return <>{R.noDinner}</>;
  return (
    <ConsoleLink to="events/$eventId" params={{ eventId: report.event.id }} className="link">
      {report.event.title}
      {report.event.starts_at ? ` (${formatIstDate(report.event.starts_at)})` : ''}
    </ConsoleLink>
  );
}

function ReportCard({ report, onSuspend }: { report: AdminReport; onSuspend: (target: SuspendTarget) => void }) {
  const headingId = useId();
  const resolve = useResolveReport();
  const about = report.about;
  return (
    <li
      aria-labelledby={headingId}
      data-testid="report"
      className={`card bg-base-100 shadow-sm ring-1 ${report.urgent && report.status === 'open' ? 'ring-2 ring-error' : 'ring-base-300'}`}
    >
      <article className="card-body gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {REPORT_CATEGORY_COPY[report.category].label}
          </h2>
          <ReportBadges report={report} />
        </div>
        <ReportFacts report={report} detailed />
        <p className="whitespace-pre-wrap break-words">{report.description}</p>
        <div className="flex flex-wrap gap-2">
          {report.status === 'open' && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={resolve.isPending}
              aria-describedby={headingId}
              onClick={() =>
                resolve.mutate(report.id, {
                  onSuccess: () => toast({ title: R.resolvedToast }),
                  onError: toastError,
                })
              }
            >
              {resolve.isPending ? R.resolving : R.markResolved}
            </button>
          )}
          {about?.can_suspend && !about.suspended_at && (
            <button
              type="button"
              className="btn btn-outline btn-error btn-sm"
              aria-label={`${R.suspend}: ${about.name || 'the guest concerned'}`}
              onClick={() => onSuspend({ userId: about.id, name: about.name })}
            >
              {R.suspend}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}

/**
 * `/admin/reports` (issue 21): what guests reported, open ones first and the urgent at the top,
 * each with its dinner, who reported it and the guest concerned (by name), the category, the
 * words and when; "Mark resolved" (audited) and "Suspend guest" for the guest concerned.
 */
export function ReportsPage() {
  const [all, setAll] = useState(false);
  const list = useAdminReportsQuery(all ? 'all' : 'open');
  const [suspending, setSuspending] = useState<SuspendTarget | null>(null);
  const toggleId = useId();
  return (
    <main className="mx-auto flex min-h-screen max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Operator console</p>
        <h1 className="font-display text-3xl font-bold">{R.heading}</h1>
        <p className="mt-1 text-base-content/80">{R.intro}</p>
      </header>
      <div className="flex items-center gap-2">
        <input
          id={toggleId}
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={all}
          onChange={(e) => setAll(e.currentTarget.checked)}
        />
        <label htmlFor={toggleId}>{R.showResolved}</label>
      </div>
      {list.isPending ? (
        <p role="status">Loading reports…</p>
      ) : list.isError ? (
        <p role="alert" className="alert alert-error">
          {list.error.message}
        </p>
      ) : list.data.reports.length === 0 ? (
        <p role="status">{all ? R.empty : R.emptyOpen}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={R.heading}>
          {list.data.reports.map((report) => (
            <ReportCard key={report.id} report={report} onSuspend={setSuspending} />
          ))}
        </ul>
      )}
      <SuspendGuestDialog target={suspending} onClose={() => setSuspending(null)} />
    </main>
  );
}
