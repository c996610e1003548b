import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema } from '@torget/shared/schemas/accounts';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useForgotPassword } from '../api/forgot-password';
import { EmailField } from '../components/account-fields';

/** /forgot_password (spec section 2): asks for a reset link by e-mail, with the spec's status texts. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Forgot Password'));
  const forgotPassword = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof forgotPasswordSchema>, unknown, z.output<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });

  return (
    <section className="page form-page" aria-labelledby="forgot-heading">
      <form className="form-card" onSubmit={handleSubmit((values) => forgotPassword.mutate(values))} noValidate>
        <h1 id="forgot-heading">{t('Forgot Password')}</h1>
        <p className="muted">
          {t('Enter the e-mail address of your account and we will send you a link to set a new password.')}
        </p>
        <EmailField registration={register('email')} error={errors.email?.message} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={forgotPassword.isPending}>
            {t('Send reset link')}
          </button>
        </div>
        {forgotPassword.isPending && <MessageBox>{t('Sending email...')}</MessageBox>}
        {forgotPassword.isSuccess && <MessageBox variant="success">{t('Email was sent.')}</MessageBox>}
        {forgotPassword.isError && <MessageBox variant="danger">{t(forgotPassword.error.message)}</MessageBox>}
        <p className="form-links">
          {t('Remembered it?')} <Link to="/signin">{t('Sign In')}</Link>
        </p>
      </form>
    </section>
  );
}
