import { zodResolver } from '@hookform/resolvers/zod';
import { registerFormSchema } from '@torget/shared/schemas/accounts';
import { useForm } from 'react-hook-form';
import { Link, Navigate } from 'react-router';
import type { z } from 'zod';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useRegister } from '../api/register';
import { EmailField, NameField, NewPasswordFields } from '../components/account-fields';
import { redirectQuery, useRedirectTarget } from '../hooks/use-redirect-target';

/**
 * /register (spec section 2): registration signs the user in and goes to the redirect target.
 * Passwords that differ show the spec's 'Password and confirm password do not match' under the
 * confirmation field (spec section 5), instead of a browser alert.
 */
export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Create Account'));
  const { user } = useSession();
  const redirect = useRedirectTarget();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof registerFormSchema>, unknown, z.output<typeof registerFormSchema>>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
  });

  // Registration stores userInfo, which signs the session in and lands here.
  if (user) return <Navigate to={redirect} replace />;

  return (
    <section className="page form-page" aria-labelledby="register-heading">
      <form
        className="form-card"
        onSubmit={handleSubmit(({ name, email, password }) => registration.mutate({ name, email, password }))}
        noValidate
      >
        <h1 id="register-heading">{t('Create Account')}</h1>
        {registration.isError && <MessageBox variant="danger">{t(registration.error.message)}</MessageBox>}
        <NameField registration={register('name')} error={errors.name?.message} />
        <EmailField registration={register('email')} error={errors.email?.message} />
        <NewPasswordFields
          label="Password"
          password={{ registration: register('password'), error: errors.password?.message }}
          confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={registration.isPending}>
            {registration.isPending ? t('Registering...') : t('Register')}
          </button>
        </div>
        <p className="form-links">
          {t('Already have an account?')} <Link to={`/signin?redirect=${redirectQuery(redirect)}`}>{t('Sign In')}</Link>
        </p>
      </form>
    </section>
  );
}
