/**
 * Who sells (docs/decisions/260-seller-identity.md): business or private person, the legal name,
 * a private person's personal identity number (a business's organisation number is the contact
 * fields' own), and the self-certification. The application and the shop settings both ask them,
 * checked by the same shared schema as the server.
 */
import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { PERSONAL_NUMBER_PLACEHOLDER, SELLER_IDENTITY_MAX, SELLER_TYPES } from '@torget/shared/rules/seller-identity';
import type { profileUpdateSchema } from '@torget/shared/schemas/accounts';
import { useId } from 'react';
import { type Control, useController } from 'react-hook-form';
import type { z } from 'zod';
import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { FormTextField } from './form-text-field';

type Form = z.input<typeof profileUpdateSchema>;

interface SellerIdentityFieldsProps {
  control: Control<Form>;
  /** The stored personal number as the seller sees it (masked), when they have one. */
  storedPersonalNumber?: string | undefined;
}

export function SellerIdentityFields({ control, storedPersonalNumber }: SellerIdentityFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const type = useController({ control, name: 'seller_type' });
  const certified = useController({ control, name: 'seller_self_certified' });
  const typeError = type.fieldState.error?.message;
  const certifiedError = certified.fieldState.error?.message;
  const labels: Record<(typeof SELLER_TYPES)[number], string> = {
    business: t('Business'),
    private: t('Private person'),
  };
  return (
    <>
      <fieldset
        className="form-fieldset seller-type-choice"
        aria-invalid={typeError ? true : undefined}
        aria-describedby={typeError ? `${id}-type-error` : `${id}-type-hint`}
      >
        <legend>{t('You sell as')}</legend>
        {SELLER_TYPES.map((option) => (
          <label key={option} className="form-check">
            <input
              type="radio"
              name={type.field.name}
              value={option}
              checked={type.field.value === option}
              onChange={() => type.field.onChange(option)}
              onBlur={type.field.onBlur}
              ref={option === 'business' ? type.field.ref : undefined}
            />
            {labels[option]}
          </label>
        ))}
        <p id={`${id}-type-hint`} className="form-hint">
          {t('Buyers see which you are: consumer law does not cover purchases from a private person.')}
        </p>
        {typeError && (
          <p id={`${id}-type-error`} className="form-error" role="alert">
            {formMessage(t, typeError)}
          </p>
        )}
      </fieldset>
      <FormTextField
        control={control}
        name="seller_legal_name"
        label={type.field.value === 'private' ? t('Your full name') : t('Legal name of the business')}
        autoComplete={type.field.value === 'private' ? 'name' : 'organization'}
        required
        maxLength={SELLER_FIELDS.legal_name.max}
      />
      {type.field.value === 'private' && (
        <FormTextField
          control={control}
          name="seller_personal_number"
          label={t('Personal identity number')}
          inputMode="numeric"
          autoComplete="off"
          required={!storedPersonalNumber}
          maxLength={SELLER_IDENTITY_MAX.personalNumber}
          placeholder={PERSONAL_NUMBER_PLACEHOLDER}
          hint={
            storedPersonalNumber
              ? t('Saved: {{number}}. Leave empty to keep it. Never shown to buyers.', { number: storedPersonalNumber })
              : t('Never shown to buyers; only Torget’s administrators see it.')
          }
        />
      )}
      <div className="form-field">
        <div className="form-check">
          <input
            id={`${id}-certified`}
            type="checkbox"
            name={certified.field.name}
            ref={certified.field.ref}
            checked={certified.field.value === true}
            onChange={(event) => certified.field.onChange(event.target.checked)}
            onBlur={certified.field.onBlur}
            aria-invalid={certifiedError ? true : undefined}
            aria-describedby={certifiedError ? `${id}-certified-error` : undefined}
          />
          <label htmlFor={`${id}-certified`}>{t('I only offer products that comply with EU law')}</label>
        </div>
        {certifiedError && (
          <p id={`${id}-certified-error`} className="form-error" role="alert">
            {formMessage(t, certifiedError)}
          </p>
        )}
      </div>
    </>
  );
}
