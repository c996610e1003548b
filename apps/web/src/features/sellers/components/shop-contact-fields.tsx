/**
 * A shop's address and contact fields, as the application (/seller_application) and the shop's
 * settings (/seller_profile) both ask for them, on the same payload schema. The application
 * requires them (the admin reviews who is applying); the settings may leave one empty, and also
 * take the public e-mail shown in the shop's footer.
 */
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { ORGANISATION_NUMBER_PLACEHOLDER } from '@torget/shared/rules/sweden';
import type { profileUpdateSchema } from '@torget/shared/schemas/accounts';
import type { Control } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from '#web/lib/use-translation.ts';
import { FormTextField } from './form-text-field';

interface ShopContactFieldsProps {
  control: Control<z.input<typeof profileUpdateSchema>>;
  /** The application's way: every field required, and no public e-mail. */
  application?: boolean;
  /** False for a private seller, who has no organisation number (seller-identity-fields.tsx). */
  organisationNumber?: boolean;
}

export function ShopContactFields({ control, application = false, organisationNumber = true }: ShopContactFieldsProps) {
  const { t } = useTranslation();
  const required = application;
  return (
    <>
      <FormTextField
        control={control}
        name="seller_address"
        label={t('Address')}
        autoComplete="street-address"
        required={required}
        maxLength={SELLER_FIELDS.address.max}
      />
      <FormTextField
        control={control}
        name="seller_post_number"
        label={t('Post number')}
        autoComplete="postal-code"
        inputMode="numeric"
        required={required}
        maxLength={SELLER_FIELDS.post_number.max}
        hint={t('Written NNN NN, for example 111 51.')}
      />
      <FormTextField
        control={control}
        name="seller_city"
        label={t('City')}
        autoComplete="address-level2"
        required={required}
        maxLength={SELLER_FIELDS.city.max}
      />
      <FormTextField
        control={control}
        name="seller_phone"
        label={t('Phone')}
        type="tel"
        autoComplete="tel"
        required={required}
        maxLength={SELLER_FIELDS.phone.max}
      />
      {!application && (
        <FormTextField
          control={control}
          name="seller_email"
          label={t("Public e-mail (shown in the shop's footer)")}
          type="email"
          autoComplete="off"
          maxLength={SELLER_FIELDS.email.max}
        />
      )}
      {organisationNumber && (
        <FormTextField
          control={control}
          name="seller_organisation_number"
          label={t('Organisation number')}
          required={required}
          maxLength={SELLER_FIELDS.organisation_number.max}
          placeholder={ORGANISATION_NUMBER_PLACEHOLDER}
        />
      )}
    </>
  );
}
