import { NAME_MAX, PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN, PASSWORDS_DIFFER } from '@torget/shared/rules/accounts';
import { type FormEvent, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { MessageBox } from '#web/components/message-box.tsx';
import { TextField } from '#web/components/text-field.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useRegister } from '../api/register';
import { redirectQuery, useRedirectTarget } from '../hooks/use-redirect-target';

/** /register (spec section 2): registration signs the user in and goes to the redirect target. */
export function RegisterPage() {
  useDocumentTitle('Create Account');
  const { user } = useSession();
  const redirect = useRedirectTarget();
  const register = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  // Registration stores userInfo, which signs the session in and lands here.
  if (user) return <Navigate to={redirect} replace />;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== confirmPassword) {
      window.alert(PASSWORDS_DIFFER);
      return;
    }
    register.mutate({ name, email, password });
  }

  return (
    <section className="page form-page" aria-labelledby="register-heading">
      <form className="form-card" onSubmit={onSubmit}>
        <h1 id="register-heading">Create Account</h1>
        {register.isError && <MessageBox variant="danger">{register.error.message}</MessageBox>}
        <TextField label="Name" autoComplete="name" required maxLength={NAME_MAX} value={name} onChange={setName} />
        <TextField label="Email address" type="email" autoComplete="email" required value={email} onChange={setEmail} />
        <TextField
          label="Password"
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
          <button type="submit" className="button" disabled={register.isPending}>
            {register.isPending ? 'Registering...' : 'Register'}
          </button>
        </div>
        <p className="form-links">
          Already have an account? <Link to={`/signin?redirect=${redirectQuery(redirect)}`}>Sign In</Link>
        </p>
      </form>
    </section>
  );
}
