import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldError } from '#web/components/field-error.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useDeleteMyAccount, useDownloadMyData } from '../api/personal-data';
import '../personal-data.css';

/** The notice the home page shows after an account was deleted (app/routes/home.tsx reads it). */
export const ACCOUNT_DELETED_NOTICE = 'Your account was deleted and you are signed out.';

/**
 * The profile's "Your data": download everything stored about you (a JSON file), and delete the
 * account after confirming with the password. The server says why a deletion must wait (open
 * orders, a balance, the last admin); that reason is shown in the dialog.
 */
export function PersonalDataSection() {
  const { t } = useTranslation();
  const headingId = useId();
  const download = useDownloadMyData();
  const dialog = useRef<HTMLDialogElement>(null);
  const [asking, setAsking] = useState(false);

  // Opened once its form is rendered: showModal traps the focus and puts it on the first field,
  // the password.
  useEffect(() => {
    const element = dialog.current;
    if (asking && element && !element.open) element.showModal();
  }, [asking]);
  const closeDialog = () => {
    // close() gives the focus back to the button that opened the dialog.
    dialog.current?.close();
    setAsking(false);
  };

  return (
    <section className="form-card personal-data" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('Your data')}</h2>
      <p>{t('Download a copy of everything Torget stores about you, as a JSON file.')}</p>
      {download.isError && <MessageBox variant="danger">{t(download.error.message)}</MessageBox>}
      <div className="personal-data-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
        >
          {download.isPending ? t('Preparing the file…') : t('Download my data')}
        </button>
        <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
          {t('Delete my account')}
        </button>
      </div>
      <dialog
        ref={dialog}
        className="confirm-dialog delete-account-dialog"
        aria-labelledby={`${headingId}-delete`}
        aria-describedby={`${headingId}-delete-what`}
        onClose={() => setAsking(false)}
      >
        {asking && <DeleteAccountForm idBase={`${headingId}-delete`} onCancel={closeDialog} />}
      </dialog>
    </section>
  );
}

/** The dialog's content: what deleting does, the password, the server's answer. */
function DeleteAccountForm({ idBase, onCancel }: { idBase: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const deletion = useDeleteMyAccount();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const passwordInput = useRef<HTMLInputElement>(null);
  const errorId = `${idBase}-password-error`;
  // The session ends as the profile closes on the way home, not before: signed out while still
  // on /profile, its guard would send the user to the sign-in screen instead.
  const signOutOnLeave = useRef(false);
  useEffect(
    () => () => {
      if (!signOutOnLeave.current) return;
      signOut();
      queryClient.clear();
    },
    [signOut, queryClient],
  );
  // A refusal that is not about the password: the reason the account must wait.
  const refusal =
    deletion.error instanceof ApiRequestError && deletion.error.status !== 400 ? deletion.error.message : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setFieldError('Password is required.');
      passwordInput.current?.focus();
      return;
    }
    setFieldError(undefined);
    deletion.mutate(password, {
      onSuccess: () => {
        signOutOnLeave.current = true;
        navigate('/', { state: { notice: ACCOUNT_DELETED_NOTICE } });
      },
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 400) {
          setFieldError(error.message);
          passwordInput.current?.focus();
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <h2 id={idBase} className="confirm-dialog-message">
        {t('Delete your account?')}
      </h2>
      <div id={`${idBase}-what`}>
        <p>
          {t(
            'Your name, e-mail address, addresses and the name on your reviews are removed, and you are signed out everywhere. This cannot be undone.',
          )}
        </p>
        <p>{t('Orders and the books are kept for 7 years, as the law requires, without your name.')}</p>
      </div>
      {refusal && <MessageBox variant="danger">{t(refusal)}</MessageBox>}
      <div className="form-field">
        <label htmlFor={`${idBase}-password`}>{t('Your password')}</label>
        <input
          ref={passwordInput}
          id={`${idBase}-password`}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        />
        <FieldError id={errorId} message={fieldError} />
      </div>
      <div className="confirm-dialog-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <button type="submit" className="button button-danger" disabled={deletion.isPending}>
          {deletion.isPending ? t('Deleting...') : t('Delete my account')}
        </button>
      </div>
    </form>
  );
}
