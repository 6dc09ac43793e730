import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import {
  type FlaggedOrder,
  type NeedsAttention as NeedsAttentionData,
  type PaymentIssue,
  useNeedsAttentionQuery,
  useRefundOrder,
  useRefundPaymentIssue,
  useRetryOrder,
} from '../api/needs-attention-api';
import { CONSOLE_COPY } from '@domain/copy-console';
import { REPORT_CATEGORY_COPY, REPORTS_CONSOLE_COPY } from '@domain/copy-reports';
import { ConsoleLink } from '../routing/console-links';
import { ReportBadges, ReportFacts } from './reports-page';
import { rupees } from '@domain/pricing';
import { formatIstShort } from '@domain/time';

/** The id of the section, for the dashboard's "Needs attention" count to link to. */
export const NEEDS_ATTENTION_ID = 'needs-attention';

/**
 * Paid orders the booking pipeline could not finish and payments no order carries
 * (docs/decisions/012): each with its facts, "Retry booking" and "Refund in full" (after a
 * confirmation). The server makes both idempotent; the buttons are disabled while one works.
 */
export function NeedsAttention() {
  const query = useNeedsAttentionQuery();
  const [results, setResults] = useState<string[]>([]);
  const report = (line: string) => setResults((all) => [line, ...all].slice(0, 5));
  const orders = query.data?.orders ?? [];
  const issues = query.data?.payment_issues ?? [];
  const reports = query.data?.reports ?? [];

  return (
    <section id={NEEDS_ATTENTION_ID} tabIndex={-1} aria-labelledby="needs-attention-heading" className="mt-10">
      <h2 id="needs-attention-heading" className="text-2xl font-bold">
        Needs attention
      </h2>
      <div role="status" className="mt-2 empty:hidden">
        {results.map((line) => (
          <p key={line} className="font-medium text-success-content bg-success/20 rounded-box px-3 py-2 mt-1">
            {line}
          </p>
        ))}
      </div>
      {query.isPending ? (
        <p className="mt-4 text-base-content/80">Loading...</p>
      ) : query.isError ? (
        <p role="alert" className="mt-4 text-error">
          {query.error.message}
        </p>
      ) : orders.length === 0 && issues.length === 0 && reports.length === 0 ? (
        <p className="mt-4 text-base-content/80">Nothing needs attention.</p>
      ) : (
        <>
          {reports.length > 0 && <OpenReports reports={reports} />}
          {orders.length > 0 && (
            <ul className="mt-4 grid gap-4 lg:grid-cols-2">
              {orders.map((order) => (
                <OrderCard key={order.id} order={order} report={report} />
              ))}
            </ul>
          )}
          {issues.length > 0 && (
            <>
              <h3 className="mt-8 text-xl font-semibold">Payments without an order</h3>
              <ul className="mt-4 grid gap-4 lg:grid-cols-2">
                {issues.map((issue) => (
                  <IssueCard key={issue.payment_id} issue={issue} report={report} />
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}

const N = CONSOLE_COPY.needsAttention;
const R = REPORTS_CONSOLE_COPY;

/**
 * Guests' open reports (issue 21), urgent first as the server orders them: what, where, who and
 * when, a line of the words, and the way to the reports page, where they are resolved and the
 * guest concerned may be suspended.
 */
function OpenReports({ reports }: { reports: NeedsAttentionData['reports'] }) {
  return (
    <div data-testid="needs-attention-reports">
      <div className="mt-4 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-xl font-semibold">{R.needsAttentionHeading}</h3>
        <ConsoleLink to="reports" className="link">
          {R.viewAll}
        </ConsoleLink>
      </div>
      <WhatToDo what={R.needsAttentionWhat} todo={R.needsAttentionTodo} />
      <ul className="mt-4 grid gap-4 lg:grid-cols-2">
        {reports.map((report) => (
          <li
            key={report.id}
            data-testid="needs-attention-report"
            className={`rounded-box border bg-base-100 p-4 ${report.urgent ? 'border-error' : 'border-warning'}`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h4 className="text-lg font-semibold break-words">{REPORT_CATEGORY_COPY[report.category].label}</h4>
              <ReportBadges report={report} />
            </div>
            <div className="mt-3">
              <ReportFacts report={report} />
            </div>
            <p className="mt-2 line-clamp-3 whitespace-pre-wrap break-words text-sm">{report.description}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the item is and what to do about it, in an operator's words, above its facts. */
function WhatToDo({ what, todo }: { what: string; todo: string }) {
  return (
    <div className="mt-2 text-sm">
      <p>{what}</p>
      <p className="mt-1 font-semibold">What to do: {todo}</p>
    </div>
  );
}

function Facts({ facts }: { facts: Array<[string, string]> }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-base-content/80">{label}</dt>
          <dd className="mb-1 font-medium break-all sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Refund in full" then "Yes, refund …" / "Cancel": the confirmation step of a refund. Focus
 * moves to the confirming button when it appears and back to "Refund in full" on cancel.
 */
function RefundButton({
  label,
  confirmText,
  busy,
  onConfirm,
}: {
  label: string;
  confirmText: string;
  busy: boolean;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const textId = useId();
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <button
        ref={startRef}
        type="button"
        className="btn btn-outline btn-error btn-sm"
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  return (
    <div role="group" aria-labelledby={textId} className="w-full rounded-box border border-error p-3">
      <p id={textId} className="text-sm font-medium">
        {confirmText}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button
          ref={confirmRef}
          type="button"
          className="btn btn-error btn-sm"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            onConfirm();
          }}
        >
          Yes, refund in full
        </button>
        <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function OrderCard({ order, report }: { order: FlaggedOrder; report: (line: string) => void }) {
  const headingId = useId();
  const guest = order.guest_name || order.guest_phone || order.guest_email || 'Guest';
  const amount = rupees(order.amount);
  const retry = useRetryOrder({
    onSuccess: () => {
      report(`${CONSOLE_COPY.admin.orderBooked} ${guest}, ${order.event_title}.`);
      toast({ title: CONSOLE_COPY.admin.orderBooked });
    },
    onError: toastError,
  });
  const refund = useRefundOrder({
    onSuccess: () => {
      report(`${CONSOLE_COPY.admin.orderRefunded} ${amount} to ${guest}, ${order.event_title}.`);
      toast({ title: CONSOLE_COPY.admin.orderRefunded });
    },
    onError: toastError,
  });
  const busy = retry.isPending || refund.isPending;
  const facts: Array<[string, string]> = [
    ['Ticket', `${order.ticket_label} · ${order.seats} ${order.seats === 1 ? 'seat' : 'seats'}`],
    ['Amount', amount],
    ['Reason', order.failure_reason ?? '—'],
    ['Flagged', formatIstShort(order.flagged_at)],
    ['Seat', order.keeps_seat ? 'Kept its seat' : 'Has no seat (the dinner may be full)'],
    ['Order', order.id],
    ['Razorpay order', order.razorpay_order_id ?? '—'],
    ['Payment', order.payment_id ?? '—'],
  ];
  return (
    <li aria-labelledby={headingId} aria-busy={busy} className="rounded-box border border-error/60 bg-base-100 p-4">
      <h3 id={headingId} className="text-lg font-semibold break-words">
        {guest} · {order.event_title}
      </h3>
      <WhatToDo
        what={order.keeps_seat ? N.keptSeatWhat : N.noSeatWhat}
        todo={order.keeps_seat ? N.keptSeatTodo : N.noSeatTodo}
      />
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-base-content/80">Guest</dt>
        <dd className="mb-1 font-medium break-all sm:mb-0">
          {order.guest_name || 'No name'}
          {order.guest_phone && (
            <>
              {' · '}
              <a className="link" href={`tel:${order.guest_phone}`}>
                {order.guest_phone}
              </a>
            </>
          )}
          {order.guest_email && (
            <>
              {' · '}
              <a className="link" href={`mailto:${order.guest_email}`}>
                {order.guest_email}
              </a>
            </>
          )}
        </dd>
        <dt className="text-base-content/80">Dinner</dt>
        <dd className="mb-1 font-medium break-words sm:mb-0">
          <ConsoleLink
            to="events/$eventId"
            params={{ eventId: order.event_id }}
            search={{ q: order.guest_phone || order.guest_email || undefined }}
            className="link"
          >
            {order.event_title} ({order.event_date})<span className="sr-only">: guest list, searched for {guest}</span>
          </ConsoleLink>
        </dd>
      </dl>
      <Facts facts={facts} />
      <div className="mt-4 flex flex-wrap items-start gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={busy} onClick={() => retry.mutate(order.id)}>
          {retry.isPending ? 'Retrying...' : 'Retry booking'}
        </button>
        <RefundButton
          label={refund.isPending ? 'Refunding...' : 'Refund in full'}
          confirmText={`Refund ${amount} to ${guest} for ${order.event_title}? The order will not be booked and its seat is freed.`}
          busy={busy}
          onConfirm={() => refund.mutate(order.id)}
        />
      </div>
    </li>
  );
}

function IssueCard({ issue, report }: { issue: PaymentIssue; report: (line: string) => void }) {
  const headingId = useId();
  const refund = useRefundPaymentIssue({
    onSuccess: () => {
      report(`${CONSOLE_COPY.admin.issueRefunded} ${issue.payment_id}.`);
      toast({ title: CONSOLE_COPY.admin.issueRefunded });
    },
    onError: toastError,
  });
  const facts: Array<[string, string]> = [
    ['Kind', issue.kind === 'amount_mismatch' ? 'Amount mismatch' : 'Dead-lettered'],
    ['Detail', issue.detail],
    ['Refunded', issue.refunded_at ? formatIstShort(issue.refunded_at) : 'Not yet'],
    ['Razorpay order', issue.razorpay_order_id],
    ['Since', formatIstShort(issue.created_at)],
  ];
  return (
    <li
      aria-labelledby={headingId}
      aria-busy={refund.isPending}
      className="rounded-box border border-error/60 bg-base-100 p-4"
    >
      <h3 id={headingId} className="text-lg font-semibold break-all">
        Payment {issue.payment_id}
      </h3>
      <WhatToDo
        what={issue.kind === 'amount_mismatch' ? N.mismatchWhat : N.deadLetteredWhat}
        todo={issue.refunded_at ? N.refundedTodo : N.issueTodo}
      />
      <Facts facts={facts} />
      <div className="mt-4 flex flex-wrap gap-2">
        <RefundButton
          label={refund.isPending ? 'Refunding...' : issue.refunded_at ? 'Mark resolved' : 'Refund in full'}
          confirmText={
            issue.refunded_at
              ? `Payment ${issue.payment_id} was refunded already: mark it resolved?`
              : `Refund payment ${issue.payment_id} in full?`
          }
          busy={refund.isPending}
          onConfirm={() => refund.mutate(issue.payment_id)}
        />
      </div>
    </li>
  );
}
