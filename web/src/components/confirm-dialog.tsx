import { useEffect, useId, useRef } from 'react';

/**
 * A confirmation before a step that cannot be taken back (release my seats, turn a share link
 * off): a native modal <dialog> (the page behind is inert, Escape closes it, the browser returns
 * focus to the opener), its explainer read as its description. The safe choice (`keep`) takes
 * focus first, so a stray Enter picks it.
 */
export function ConfirmDialog(props: {
  open: boolean;
  pending: boolean;
  title: string;
  text: string;
  keep: string;
  confirm: string;
  /** The confirm button's words while the step runs. */
  confirming: string;
  onConfirm: () => void;
  onClose: () => void;
  /** A test id for the explainer, where a test reads it. */
  textTestId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) {
      d.showModal();
      keepRef.current?.focus();
    }
    if (!props.open && d.open) d.close();
  }, [props.open]);

  return (
    <dialog
      ref={ref}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={props.onClose}
    >
      <div className="modal-box">
        <h2 id={titleId} className="font-display text-2xl font-bold">
          {props.title}
        </h2>
        <p id={textId} className="mt-3" data-testid={props.textTestId}>
          {props.text}
        </p>
        <div className="modal-action flex-wrap">
          <button type="button" ref={keepRef} className="btn btn-ghost" onClick={() => ref.current?.close()}>
            {props.keep}
          </button>
          <button type="button" className="btn btn-primary" disabled={props.pending} onClick={props.onConfirm}>
            {props.pending ? props.confirming : props.confirm}
          </button>
        </div>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1}>
          close
        </button>
      </form>
    </dialog>
  );
}
