/**
 * The account forms' shared fields (sign-in, registration, password reset, profile): the name,
 * the e-mail address, and a new password with its confirmation. The texts are the spec's; the forms keep
 * their own validation (the shared schemas) and pass each field's registration and message.
 */
import { NAME_MAX, PASSWORD_HINT, PASSWORD_MAX, PASSWORD_MIN } from '@torget/shared/rules/accounts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormTextField } from '#web/components/form-text-field.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';

interface FieldProps {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}

export function NameField({ registration, error }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      label={t('Name')}
      autoComplete="name"
      required
      maxLength={NAME_MAX}
      registration={registration}
      error={error}
    />
  );
}

export function EmailField({ registration, error }: FieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      label={t('Email address')}
      type="email"
      autoComplete="email"
      required
      registration={registration}
      error={error}
    />
  );
}

interface NewPasswordFieldsProps {
  /** The password field's label: 'Password' (register, profile) or 'New Password' (reset). */
  label: 'Password' | 'New Password';
  password: FieldProps;
  confirm: FieldProps;
  /**
   * Optional on the profile, where an empty password keeps the current one (and says so in
   * the hint); required everywhere else, with the password rules as the hint.
   */
  optional?: boolean;
}

/** A new password and its confirmation: the browser may offer a strong password for both. */
export function NewPasswordFields({ label, password, confirm, optional = false }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        label={t(label)}
        type="password"
        autoComplete="new-password"
        required={!optional}
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={optional ? t('Leave empty to keep your current password.') : t(PASSWORD_HINT)}
        registration={password.registration}
        error={password.error}
      />
      <FormTextField
        label={t('Confirm Password')}
        type="password"
        autoComplete="new-password"
        required={!optional}
        registration={confirm.registration}
        error={confirm.error}
      />
    </>
  );
}
