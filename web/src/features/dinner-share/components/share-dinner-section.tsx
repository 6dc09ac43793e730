import { DINNER_SHARE_COPY } from '@domain/copy-dinner-share';
import { formatIstDate } from '@domain/time';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { type ShareLink, useShareMutations, useShareQuery } from '../api/dinner-share';

const C = DINNER_SHARE_COPY.section;

/** The day a link closes at the end of, in words: `open_until` is the midnight (IST) after it. */
const lastDay = (openUntil: string) => formatIstDate(new Date(Date.parse(openUntil) - 1));

/** The link as the guest sends it: this site's origin and the public page's path. */
const linkUrl = (share: ShareLink) => `${window.location.origin}${share.path}`;

type Notice = { tone: 'success' | 'info' | 'error'; text: string };

/**
 * 'Share my dinner' on My Booking (issue 21): a link for someone the guest trusts, with the dinner's
 * date, time and venue once revealed and nothing about the other guests. Create it, copy it (the
 * clipboard, else the selected text), send it with the phone's share sheet where there is one, and
 * turn it off after a confirmation. Nothing while it loads, or for a booking that can't be shared
 * and has no link.
 */
export function ShareDinnerSection({ bookingId }: { bookingId: string }) {
  const query = useShareQuery(bookingId);
  const { create, revoke } = useShareMutations(bookingId);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [asking, setAsking] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const headingId = useId();
  const inputId = useId();
  const hintId = useId();
  // Where focus goes once the answer is on screen: the new link, or the notice of what happened.
  // After every render, not in the mutation's callback: the link appears only when the query's
  // new data has rendered, and the dialog's closing (a child's effect, so earlier in the same
  // flush) hands focus back to its opener first, which this then moves on from.
  const focusNext = useRef<'link' | 'notice' | null>(null);
  useEffect(() => {
    const target =
      focusNext.current === 'link' ? inputRef.current : focusNext.current === 'notice' ? noticeRef.current : null;
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  const data = query.data;
  if (!data || (!data.can_share && !data.share)) return null;
  const { share } = data;

  const say = (next: Notice, focus = false) => {
    setNotice(next);
    if (focus) focusNext.current = 'notice';
  };

  const createLink = () => {
    setNotice(null);
    create.mutate(undefined, {
      // Focus on the new link (selected as it takes focus): the guest's next step is to copy or send it.
      onSuccess: () => {
        focusNext.current = 'link';
      },
      onError: (error) => say({ tone: 'error', text: error.message }, true),
    });
  };

  const copyLink = async (link: ShareLink) => {
    const url = linkUrl(link);
    try {
      await navigator.clipboard.writeText(url);
      say({ tone: 'success', text: C.copied });
    } catch {
      // No clipboard (an insecure origin, an old browser, a refusal): the selected text and the
      // older copy command, else the guest copies the selection themselves.
      inputRef.current?.focus();
      inputRef.current?.select();
      const copied = (() => {
        try {
          return document.execCommand('copy');
        } catch {
          return false;
        }
      })();
      say(copied ? { tone: 'success', text: C.copied } : { tone: 'info', text: C.copyFailed });
    }
  };

  const shareLink = async (link: ShareLink) => {
    try {
      await navigator.share({ title: C.shareTitle, text: C.shareText, url: linkUrl(link) });
    } catch (error) {
      // Closing the share sheet is not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copyLink(link);
    }
  };

  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setAsking(false);
        say({ tone: 'success', text: C.turnedOff }, true);
      },
      onError: (error) => {
        setAsking(false);
        say({ tone: 'error', text: error.message }, true);
      },
    });

  const canWebShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <section
      aria-labelledby={headingId}
      data-testid="share-dinner"
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="mb-3 font-display text-2xl font-semibold">
        {C.title}
      </h2>
      <p className="text-base-content/90">{C.intro}</p>
      {/* Always rendered, so what it gains is announced. */}
      <div aria-live="polite" aria-atomic="true">
        {notice && (
          <p
            ref={noticeRef}
            tabIndex={-1}
            data-testid="share-notice"
            className={`alert mt-4 focus:outline-none ${
              notice.tone === 'error' ? 'alert-error' : notice.tone === 'success' ? 'alert-success' : 'alert-info'
            }`}
          >
            {notice.text}
          </p>
        )}
      </div>
      {!share ? (
        data.can_share && (
          <button type="button" className="btn btn-primary mt-4" disabled={create.isPending} onClick={createLink}>
            {create.isPending ? C.creating : C.create}
          </button>
        )
      ) : (
        <div className="mt-4 flex flex-col gap-3">
          {share.live ? (
            <>
              <label htmlFor={inputId} className="font-semibold">
                {C.linkLabel}
              </label>
              <input
                ref={inputRef}
                id={inputId}
                type="url"
                readOnly
                value={linkUrl(share)}
                aria-describedby={hintId}
                onFocus={(e) => e.currentTarget.select()}
                className="input input-bordered w-full font-mono text-sm"
                data-testid="share-link"
              />
              <p id={hintId} className="text-sm text-base-content/80">
                {C.live(lastDay(share.open_until))}
              </p>
            </>
          ) : (
            <p data-testid="share-ended">{C.ended}</p>
          )}
          <div className="flex flex-wrap gap-3">
            {share.live && (
              <button type="button" className="btn btn-primary" onClick={() => void copyLink(share)}>
                {C.copy}
              </button>
            )}
            {share.live && canWebShare && (
              <button type="button" className="btn btn-outline" onClick={() => void shareLink(share)}>
                {C.share}
              </button>
            )}
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setNotice(null);
                setAsking(true);
              }}
            >
              {C.turnOff}
            </button>
          </div>
        </div>
      )}
      <ConfirmDialog
        title={C.confirmTitle}
        text={C.confirmText}
        keep={C.keep}
        confirm={C.confirm}
        confirming={C.turningOff}
        open={asking}
        pending={revoke.isPending}
        onConfirm={turnOff}
        onClose={() => setAsking(false)}
      />
    </section>
  );
}
