import { useEffect, useId, useRef, useState } from 'react';
import { toast } from '@/components/toast';
import { toastError } from '@/components/toast-error';
import { guestMessage } from '@domain/booking-messages';
import { CONSOLE_COPY } from '@domain/copy-console';
import { CANCEL_REASON_MAX, MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from '@domain/guest-messages';
import {
  type GuestMessages,
  type SentMessage,
  useCancelDinner,
  useGuestMessagesQuery,
  useMessageGuests,
} from '../api/guest-messages-api';
import { formatIstShort } from '@domain/time';

const G = CONSOLE_COPY.guestMessages;

/**
 * The guest a preview is rendered for: a sample name, since each guest's own first name greets
 * them, and a booking id as long as a real one (`bkg_` + 16), so a WhatsApp text shortened to fit
 * is cut where a real guest's is.
 */
const SAMPLE = { name: 'Asha Rao', bookingId: 'bkg_sample-guest-000' };

type Dinner = GuestMessages['event'];

/** Exactly what one guest receives, by the same function the queue sends with (domain/booking-messages.ts). */
function preview(dinner: Dinner, kind: 'cancellation' | 'announcement', subject: string, body: string) {
  return guestMessage({
    kind,
    ...SAMPLE,
    eventName: dinner.title,
    startsAt: dinner.starts_at,
    endsAt: dinner.ends_at,
    subject: subject.trim(),
    body: body.trim(),
    origin: window.location.origin,
  });
}

/**
 * A dinner's actions in the console (on its guest list page): cancel it (one confirmation dialog)
 * and message its confirmed guests (a form with a live preview and the count), and the messages
 * already sent. A cancelled dinner shows why, and its actions are off.
 */
export function DinnerActions({ eventId }: { eventId: string }) {
  const query = useGuestMessagesQuery(eventId);
  const headingId = useId();
  if (query.isPending) return null;
  if (query.isError) {
    return (
      <p role="alert" className="mt-6 text-error">
        {query.error.message}
      </p>
    );
  }
  const { event, recipients, messages } = query.data;
  const started = event.starts_at <= new Date().toISOString();
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold">
        Dinner actions
      </h2>
      {event.cancelled_at ? (
        <div className="alert alert-warning mt-3" role="status">
          <span>
            <strong>Cancelled</strong> on {formatIstShort(event.cancelled_at)}. Reason: {event.cancel_reason}
          </span>
        </div>
      ) : (
        <p className="mt-1 text-sm text-base-content/80">{G.recipients(recipients)} would be told.</p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <CancelDinner dinner={event} recipients={recipients} disabled={Boolean(event.cancelled_at) || started} />
      </div>
      {started && !event.cancelled_at && <p className="mt-2 text-sm text-base-content/80">{G.dinnerStarted}</p>}
      <MessageGuests dinner={event} recipients={recipients} disabled={Boolean(event.cancelled_at)} />
      <SentMessages messages={messages} />
    </section>
  );
}

/** "Cancel dinner": a native modal dialog (focus stays inside, Escape closes) asking why, saying who is told. */
function CancelDinner({ dinner, recipients, disabled }: { dinner: Dinner; recipients: number; disabled: boolean }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const reasonId = useId();
  const hintId = useId();
  const [reason, setReason] = useState('');
  const cancel = useCancelDinner(dinner.id);
  const shown = preview(dinner, 'cancellation', '', reason || '…');

  const close = () => dialogRef.current?.close();
  return (
    <>
      <button
        type="button"
        className="btn btn-error btn-outline btn-sm"
        disabled={disabled}
        onClick={() => {
          cancel.reset();
          dialogRef.current?.showModal();
        }}
      >
        Cancel dinner
      </button>
      <dialog ref={dialogRef} aria-labelledby={titleId} className="modal" onClose={() => setReason('')}>
        <form
          className="modal-box max-h-[90vh] w-11/12 max-w-2xl"
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate(reason, {
              onSuccess: () => {
                close();
                toast({ title: G.cancelled });
              },
            });
          }}
        >
          <h2 id={titleId} className="text-xl font-bold">
            Cancel {dinner.title}?
          </h2>
          <p className="mt-2">
            <strong>{G.recipients(recipients)}</strong> will be told by email and WhatsApp, and offered a full refund or
            a move to another dinner. Unpaid holds are released, and the dinner is hidden from guests for good.
          </p>
          <label htmlFor={reasonId} className="mt-4 block font-medium">
            Reason (guests read it)
          </label>
          <textarea
            id={reasonId}
            className="textarea textarea-bordered mt-1 w-full"
            rows={3}
            required
            maxLength={CANCEL_REASON_MAX}
            aria-describedby={hintId}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
          <p id={hintId} className="text-sm text-base-content/80">
            {reason.trim().length}/{CANCEL_REASON_MAX} characters
          </p>
          <details className="mt-3">
            <summary className="cursor-pointer font-medium">What each guest receives</summary>
            <MessagePreview shown={shown} />
          </details>
          {cancel.isError && (
            <p role="alert" className="mt-3 text-error">
              {cancel.error.message}
            </p>
          )}
          <div className="modal-action flex-wrap">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Keep the dinner
            </button>
            <button type="submit" className="btn btn-error" disabled={cancel.isPending || !reason.trim()}>
              {cancel.isPending ? 'Cancelling…' : `Cancel dinner and tell ${recipients}`}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

/** The email (subject and text) and the WhatsApp text one guest receives. */
function MessagePreview({ shown }: { shown: ReturnType<typeof preview> }) {
  return (
    <>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <figure className="min-w-0 rounded-box border border-base-300 p-3">
          <figcaption className="text-sm font-semibold">Email</figcaption>
          <p className="mt-1 break-words font-medium">{shown.email.subject}</p>
          <pre className="mt-1 whitespace-pre-wrap break-words font-sans text-sm">{shown.email.text}</pre>
        </figure>
        <figure className="min-w-0 rounded-box border border-base-300 p-3">
          <figcaption className="text-sm font-semibold">WhatsApp</figcaption>
          <pre className="mt-1 whitespace-pre-wrap break-words font-sans text-sm">{shown.whatsapp.text}</pre>
        </figure>
      </div>
      {shown.whatsapp.shortened && <p className="mt-1 text-sm text-base-content/80">{G.whatsappShortened}</p>}
    </>
  );
}

/** "Message guests": subject and body, what each guest receives (live), the count, then a confirmation. */
function MessageGuests({ dinner, recipients, disabled }: { dinner: Dinner; recipients: number; disabled: boolean }) {
  const headingId = useId();
  const subjectId = useId();
  const bodyId = useId();
  const confirmId = useId();
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [asking, setAsking] = useState(false);
  // The message's id, made when the confirmation step opens: a second click or a retry after a
  // lost answer sends the same id, and the server sends nothing twice.
  const [messageId, setMessageId] = useState('');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const send = useMessageGuests(dinner.id);
  const ready = subject.trim() !== '' && body.trim() !== '' && recipients > 0 && !disabled;

  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-bold">
        Message guests
      </h3>
      <p className="text-sm text-base-content/80" role="status">
        {disabled ? G.dinnerCancelled : recipients === 0 ? G.noGuests : `Goes to ${G.recipients(recipients)}.`}
      </p>
      <form
        className="mt-2 grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (!ready) return;
          setMessageId(crypto.randomUUID());
          setAsking(true);
        }}
      >
        <div>
          <label htmlFor={subjectId} className="block font-medium">
            Subject
          </label>
          <input
            id={subjectId}
            className="input input-bordered mt-1 w-full"
            maxLength={MESSAGE_SUBJECT_MAX}
            value={subject}
            disabled={disabled}
            onChange={(e) => {
              setSubject(e.currentTarget.value);
              setAsking(false);
            }}
          />
        </div>
        <div>
          <label htmlFor={bodyId} className="block font-medium">
            Message
          </label>
          <textarea
            id={bodyId}
            className="textarea textarea-bordered mt-1 w-full"
            rows={4}
            maxLength={MESSAGE_BODY_MAX}
            value={body}
            disabled={disabled}
            onChange={(e) => {
              setBody(e.currentTarget.value);
              setAsking(false);
            }}
          />
          <p className="text-sm text-base-content/80">
            {body.trim().length}/{MESSAGE_BODY_MAX} characters
          </p>
        </div>
        {ready && (
          <div>
            <p className="font-medium">What each guest receives (shown for a sample guest, Asha)</p>
            <MessagePreview shown={preview(dinner, 'announcement', subject, body)} />
          </div>
        )}
        {send.isError && (
          <p role="alert" className="text-error">
            {send.error.message}
          </p>
        )}
        {asking ? (
          <div role="group" aria-labelledby={confirmId} className="rounded-box border border-primary p-3">
            <p id={confirmId} className="font-medium">
              Send this message to {G.recipients(recipients)} by email and WhatsApp?
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                ref={confirmRef}
                type="button"
                className="btn btn-primary btn-sm"
                disabled={send.isPending}
                onClick={() =>
                  send.mutate(
                    { message_id: messageId, subject, body },
                    {
                      onSuccess: (res) => {
                        setAsking(false);
                        setSubject('');
                        setBody('');
                        toast({ title: G.sent(res.message.recipients) });
                      },
                      onError: toastError,
                    },
                  )
                }
              >
                {send.isPending ? 'Sending…' : 'Yes, send it'}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
                Back
              </button>
            </div>
          </div>
        ) : (
          <div>
            <button type="submit" className="btn btn-primary btn-sm" disabled={!ready}>
              Send to {G.recipients(recipients)}…
            </button>
          </div>
        )}
      </form>
    </section>
  );
}

/** The messages already sent for this dinner, newest first, with how many guests each channel reached. */
function SentMessages({ messages }: { messages: SentMessage[] }) {
  const headingId = useId();
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-bold">
        Messages sent
      </h3>
      <ol className="mt-2 divide-y divide-base-300 rounded-box border border-base-300">
        {messages.map((m) => (
          <li key={m.id} className="p-3">
            <p className="break-words font-medium">
              {m.kind === 'cancellation' ? 'Cancellation' : m.subject} ·{' '}
              <time dateTime={m.created_at}>{formatIstShort(m.created_at)}</time>
            </p>
            <p className="whitespace-pre-wrap break-words text-sm">{m.body}</p>
            <p className="text-sm text-base-content/80">
              To {m.recipients} · emailed {m.delivered_email} · WhatsApp {m.delivered_whatsapp}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
