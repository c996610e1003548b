import { PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN, PASSWORDS_DIFFER } from '@torget/shared/rules/accounts';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useResetPassword } from '../api/reset-password';

/** /reset_password/{token} (spec section 2): sets a new password with the token from the mail. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { token = '' } = useParams();
  const { user, signOut } = useSession();
  const resetPassword = useResetPassword();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      window.alert(PASSWORDS_DIFFER);
      return;
    }
    resetPassword.mutate(
      { email, new_password: password, reset_password_token: token },
      {
        onSuccess: () => {
          // A reset ends every session of that account, this tab's included.
          if (user && user.email === email.trim().toLowerCase()) signOut();
        },
      },
    );
  }

  return (
    <section className="page form-page" aria-labelledby="reset-heading">
      <form className="form-card" onSubmit={onSubmit}>
        <h1 id="reset-heading">Reset Password</h1>
        {resetPassword.isSuccess ? (
          <MessageBox variant="success">
            Password was reset. <Link to="/signin">Sign in</Link> with your new password.
          </MessageBox>
        ) : (
          <>
            <TextField
              label="Email address"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={setEmail}
            />
            <TextField
              label="New Password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN}
              maxLength={PASSWORD_MAX}
              hint={PASSWORD_HINT}
              value={password}
              onChange={setPassword}
            />
            <TextField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              required
              value={confirmPassword}
              onChange={setConfirmPassword}
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={resetPassword.isPending}>
                Reset Password
              </button>
            </div>
            {resetPassword.isPending && <MessageBox>Resetting password...</MessageBox>}
            {resetPassword.isError && (
              <>
                <MessageBox variant="danger">{resetPassword.error.message}</MessageBox>
                <p className="form-links">
                  <Link to="/forgot_password">Ask for a new link</Link>
                </p>
              </>
            )}
          </>
        )}
      </form>
    </section>
  );
}
