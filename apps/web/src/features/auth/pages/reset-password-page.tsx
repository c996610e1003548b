import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema } from '@torget/shared/schemas/accounts';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { MessageBox } from '#web/components/message-box.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { useResetPassword } from '../api/reset-password';
import { EmailField, NewPasswordFields } from '../components/account-fields';

/**
 * /reset_password/{token} (spec section 2): sets a new password with the token from the mail.
 * Passwords that differ show the spec's message under the confirmation field (section 5).
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('Reset Password'));
  const { token = '' } = useParams();
  const { user, signOut } = useSession();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof resetPasswordFormSchema>, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { email: '', new_password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ email, new_password }) => {
    resetPassword.mutate(
      { email, new_password, reset_password_token: token },
      {
        onSuccess: () => {
          // A reset ends every session of that account, this tab's included.
          if (user && user.email === email) signOut();
        },
      },
    );
  });

  return (
    <section className="page form-page" aria-labelledby="reset-heading">
      <form className="form-card" onSubmit={onSubmit} noValidate>
        <h1 id="reset-heading">{t('Reset Password')}</h1>
        {resetPassword.isSuccess ? (
          <MessageBox variant="success">
            {t('Password was reset.')} <Link to="/signin">{t('Sign in')}</Link> {t('with your new password.')}
          </MessageBox>
        ) : (
          <>
            <EmailField registration={register('email')} error={errors.email?.message} />
            <NewPasswordFields
              label="New Password"
              password={{ registration: register('new_password'), error: errors.new_password?.message }}
              confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
            />
            <div className="form-actions">
              <button type="submit" className="button" disabled={resetPassword.isPending}>
                {t('Reset Password')}
              </button>
            </div>
            {resetPassword.isPending && <MessageBox>{t('Resetting password...')}</MessageBox>}
            {resetPassword.isError && (
              <>
                <MessageBox variant="danger">{t(resetPassword.error.message)}</MessageBox>
                <p className="form-links">
                  <Link to="/forgot_password">{t('Ask for a new link')}</Link>
                </p>
              </>
            )}
          </>
        )}
      </form>
    </section>
  );
}
