import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/use-translation.ts';
import './confirm-dialog.css';

/** The spec's question before anything is deleted. */
export const DELETE_QUESTION = 'Are you sure to delete?';

export interface ConfirmOptions {
  /** The question, read first by screen readers (the dialog's name). */
  message: string;
  /** The confirming button's text; "OK" unless told. */
  confirmLabel?: string;
  /** The dismissing button's text; "Cancel" unless told. */
  cancelLabel?: string;
  /** Styles the confirming button as destructive (red). */
  destructive?: boolean;
}

type Ask = (options: ConfirmOptions | string) => Promise<boolean>;

const ConfirmContext = createContext<Ask | null>(null);

interface Pending extends Required<ConfirmOptions> {
  resolve: (answer: boolean) => void;
}

/**
 * Asks before a destructive action in the page's own modal dialog (native `<dialog>`: focus
 * is trapped and Escape closes it), instead of `window.confirm`, which cannot be styled,
 * translated or tested like the rest of the page. `await confirm(DELETE_QUESTION)` is true
 * only when the user chose the confirming button.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback<Ask>((options) => {
    const asked = typeof options === 'string' ? { message: options } : options;
    return new Promise<boolean>((resolve) => {
      setPending({ confirmLabel: 'OK', cancelLabel: 'Cancel', destructive: false, ...asked, resolve });
    });
  }, []);
  const answer = useCallback(
    (yes: boolean) => {
      pending?.resolve(yes);
      setPending(null);
    },
    [pending],
  );
  return (
    <ConfirmContext.Provider value={ask}>
      {children}
      {pending && <ConfirmDialog pending={pending} onAnswer={answer} />}
    </ConfirmContext.Provider>
  );
}

function ConfirmDialog({ pending, onAnswer }: { pending: Pending; onAnswer: (yes: boolean) => void }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const messageId = useId();
  useEffect(() => {
    const element = dialog.current;
    // The focus goes back where it was when the dialog closes (native showModal behaviour).
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
      <p id={messageId} className="confirm-dialog-message">
        {t(pending.message)}
      </p>
      <div className="confirm-dialog-actions">
        {/* Cancel first: showModal() focuses it, so Enter gives the safe answer. */}
        <button type="button" className="button button-secondary" onClick={() => onAnswer(false)}>
          {t(pending.cancelLabel)}
        </button>
        <button
          type="button"
          className={pending.destructive ? 'button button-danger' : 'button'}
          onClick={() => onAnswer(true)}
        >
          {t(pending.confirmLabel)}
        </button>
      </div>
    </dialog>
  );
}

/** The function that asks; components call `if (!(await confirm(DELETE_QUESTION))) return;`. */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it (app/provider.tsx).');
  return ask;
}
