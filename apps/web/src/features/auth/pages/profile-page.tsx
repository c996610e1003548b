import { zodResolver } from '@hookform/resolvers/zod';
import type { UserDetails } from '@torget/shared/api-types.generated';
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { profileFormSchema } from '@torget/shared/schemas/accounts';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useUserDetails } from '#web/api/user-details.ts';
import { FormTextField } from '#web/components/form-text-field.tsx';
import { LoadingBox } from '#web/components/loading-box.tsx';
import { MessageBox } from '#web/components/message-box.tsx';
import { Snackbar, useSnackbar } from '#web/components/snackbar.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.tsx';
import { useTranslation } from '#web/lib/use-translation.ts';
import { type ProfilePayload, useUpdateProfile } from '../api/update-profile';
import { EmailField, NameField, NewPasswordFields } from '../components/account-fields';
import { PersonalDataSection } from '../components/personal-data-section';

/**
 * /profile (spec section 2): the signed-in user's details; the loading indicator waits 500 ms.
 * Below them, the user's data: a download of it, and the deletion of the account.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('User Profile'));
  const { user } = useSession();
  const details = useUserDetails(user?._id ?? '');
  return (
    <section className="page form-page" aria-labelledby="profile-heading">
      <div className="profile-stack">
        <div className="form-card">
          <h1 id="profile-heading">{t('User Profile')}</h1>
          {details.isPending ? (
            <LoadingBox />
          ) : details.isError ? (
            <MessageBox variant="danger">{t(details.error.message)}</MessageBox>
          ) : (
            <ProfileForm key={details.data._id} details={details.data} />
          )}
        </div>
        {details.isSuccess && <PersonalDataSection />}
      </div>
    </section>
  );
}

type ProfileFormInput = z.input<typeof profileFormSchema>;
type ProfileFormValues = z.output<typeof profileFormSchema>;

/**
 * The profile form. Passwords that differ show the spec's 'Password and Confirm Password Are Not
 * Matched' under the confirmation field (section 5); success shows 'Profile was updated.' for 3 s.
 */
function ProfileForm({ details }: { details: UserDetails }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const [snackbar, showSnackbar] = useSnackbar();
  const descriptionId = useId();
  const isSeller = details.is_seller;
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useForm<ProfileFormInput, unknown, ProfileFormValues>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      name: details.name,
      email: details.email,
      password: '',
      confirmPassword: '',
      seller_name: details.seller?.name ?? '',
      seller_logo: details.seller?.logo ?? '',
      seller_description: details.seller?.description ?? '',
      seller_subtitle: details.seller?.subtitle ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    // An empty password keeps the current one.
    const payload: ProfilePayload = {
      userId: details._id,
      name: values.name,
      email: values.email,
      password: values.password,
    };
    if (isSeller) {
      payload.seller_name = values.seller_name;
      payload.seller_logo = values.seller_logo;
      payload.seller_description = values.seller_description;
      payload.seller_subtitle = values.seller_subtitle;
    }
    updateProfile.mutate(payload, {
      onSuccess: () => {
        resetField('password');
        resetField('confirmPassword');
        showSnackbar(t('Profile was updated.'));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      {updateProfile.isError && <MessageBox variant="danger">{t(updateProfile.error.message)}</MessageBox>}
      <NameField registration={register('name')} error={errors.name?.message} />
      <EmailField registration={register('email')} error={errors.email?.message} />
      <NewPasswordFields
        label="Password"
        optional
        password={{ registration: register('password'), error: errors.password?.message }}
        confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      {isSeller && (
        <fieldset className="form-fieldset">
          <legend>{t('Shop')}</legend>
          <FormTextField
            label={t('Shop name')}
            maxLength={SELLER_FIELDS.name.max}
            registration={register('seller_name')}
            lang="sv"
          />
          <FormTextField
            label={t('Shop logo')}
            maxLength={SELLER_FIELDS.logo.max}
            placeholder="/uploads/…"
            hint={t('The path of an uploaded image. Upload a new logo in My Shop → Settings.')}
            registration={register('seller_logo')}
          />
          <FormTextField
            label={t('Shop subtitle')}
            maxLength={SELLER_FIELDS.subtitle.max}
            registration={register('seller_subtitle')}
            lang="sv"
          />
          <div className="form-field">
            <label htmlFor={descriptionId}>{t('Shop description')}</label>
            <textarea id={descriptionId} rows={5} lang="sv" {...register('seller_description')} />
          </div>
        </fieldset>
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={updateProfile.isPending}>
          {updateProfile.isPending ? t('Updating...') : t('Update')}
        </button>
      </div>
      <Snackbar message={snackbar} />
    </form>
  );
}
