import { zodResolver } from '@hookform/resolvers/zod';
import { signinSchema } from '@torget/shared/schemas/accounts';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { FormTextField } from '#web/components/form-text-field.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useSignIn } from '../api/sign-in';
import { EmailField } from '../components/account-fields';
import { redirectQuery, useRedirectTarget } from '../hooks/use-redirect-target';

/** /signin (spec section 2): e-mail and password; afterwards, or when already signed in, the redirect target. */
export function SignInPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Sign In'));
  const { user } = useSession();
  const redirect = useRedirectTarget();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof signinSchema>, unknown, z.output<typeof signinSchema>>({
    resolver: zodResolver(signinSchema),
    defaultValues: { email: '', password: '' },
  });

  // A successful sign-in stores userInfo, which signs the session in and lands here.
  if (user) return <Navigate to={redirect} replace />;

  return (
    <section className="page form-page" aria-labelledby="signin-heading">
      <form className="form-card" onSubmit={handleSubmit((values) => signIn.mutate(values))} noValidate>
        <h1 id="signin-heading">{t('Sign In')}</h1>
        {signIn.isError && <MessageBox variant="danger">{t(signIn.error.message)}</MessageBox>}
        <EmailField registration={register('email')} error={errors.email?.message} />
        <FormTextField
          label={t('Password')}
          type="password"
          autoComplete="current-password"
          required
          registration={register('password')}
          error={errors.password?.message}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={signIn.isPending}>
            {signIn.isPending ? t('Signing in...') : t('Sign In')}
          </button>
        </div>
        <p className="form-links">
          {t('New customer?')}{' '}
          <Link to={`/register?redirect=${redirectQuery(redirect)}`}>{t('Create your account')}</Link>
        </p>
        <p className="form-links">
          <Link to="/forgot_password" className="standalone-link">
            {t('Forgot password?')}
          </Link>
        </p>
      </form>
    </section>
  );
}
