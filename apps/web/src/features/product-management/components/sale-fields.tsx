import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '#web/lib/use-translation.ts';
import { describedBy, FieldError } from './field-error';
import { PriceField } from './price-field';

interface SaleFieldsProps {
  registrations: { price: UseFormRegisterReturn; starts: UseFormRegisterReturn; ends: UseFormRegisterReturn };
  errors: { price?: string; starts?: string; ends?: string };
}

/**
 * A product's sale: its price and the Swedish date and time it starts and ends (every time shown
 * is Sweden's; the shared schema reads a form's time as Stockholm's). The three together or none.
 */
export function SaleFields({ registrations, errors }: SaleFieldsProps) {
  const { t } = useTranslation();
  const time = (id: string, label: string, registration: UseFormRegisterReturn, error: string | undefined) => (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy('product-sale-hint', error && `${id}-error`)}
        {...registration}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
  return (
    <>
      <PriceField
        id="product-salePrice"
        label={t('Sale price')}
        registration={registrations.price}
        error={errors.price}
      />
      {time('product-saleStartsAt', t('Sale starts'), registrations.starts, errors.starts)}
      {time('product-saleEndsAt', t('Sale ends'), registrations.ends, errors.ends)}
      <p id="product-sale-hint" className="form-hint">
        {t(
          'Swedish time. Leave the three empty for no sale; while the sale runs, shoppers see the price struck through and the lowest price of the 30 days before it.',
        )}
      </p>
    </>
  );
}
