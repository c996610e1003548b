import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useForgotPassword } from '../api/forgot-password';

/** /forgot_password (spec section 2): asks for a reset link by e-mail, with the spec's status texts. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot Password');
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    forgotPassword.mutate({ email });
  }

  return (
    <section className="page form-page" aria-labelledby="forgot-heading">
      <form className="form-card" onSubmit={onSubmit}>
        <h1 id="forgot-heading">Forgot Password</h1>
        <p className="muted">
          Enter the e-mail address of your account and we will send you a link to set a new password.
        </p>
        <TextField label="Email address" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={forgotPassword.isPending}>
            Send reset link
          </button>
        </div>
        {forgotPassword.isPending && <MessageBox>Sending email...</MessageBox>}
        {forgotPassword.isSuccess && <MessageBox variant="success">Email was sent.</MessageBox>}
        {forgotPassword.isError && <MessageBox variant="danger">{forgotPassword.error.message}</MessageBox>}
        <p className="form-links">
          Remembered it? <Link to="/signin">Sign In</Link>
        </p>
      </form>
    </section>
  );
}
