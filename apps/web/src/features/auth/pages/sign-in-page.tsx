import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useSignIn } from '../api/sign-in';
import { redirectQuery, useRedirectTarget } from '../hooks/use-redirect-target';

/** /signin (spec section 2): e-mail and password; afterwards, or when already signed in, the redirect target. */
export function SignInPage() {
  useDocumentTitle('Sign In');
  const { user } = useSession();
  const redirect = useRedirectTarget();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // A successful sign-in stores userInfo, which signs the session in and lands here.
  if (user) return <Navigate to={redirect} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signIn.mutate({ email, password });
  }

  return (
    <section className="page form-page" aria-labelledby="signin-heading">
      <form className="form-card" onSubmit={onSubmit}>
        <h1 id="signin-heading">Sign In</h1>
        {signIn.isError && <MessageBox variant="danger">{signIn.error.message}</MessageBox>}
        <TextField label="Email address" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={signIn.isPending}>
            {signIn.isPending ? 'Signing in...' : 'Sign In'}
          </button>
        </div>
        <p className="form-links">
          New customer? <Link to={`/register?redirect=${redirectQuery(redirect)}`}>Create your account</Link>
        </p>
        <p className="form-links">
          <Link to="/forgot_password">Forgot password?</Link>
        </p>
      </form>
    </section>
  );
}
