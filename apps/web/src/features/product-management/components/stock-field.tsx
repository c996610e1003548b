import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '#web/lib/use-translation.ts';
import { describedBy, FieldError } from './field-error';

interface StockFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** Adds `delta` to the count typed (a text that is no whole number counts as 0). */
  onStep: (delta: 1 | -1) => void;
  error?: string;
}

/** The count in stock, typed or stepped with − and + (buttons a thumb can hit on a phone). */
export function StockField({ id, label, registration, onStep, error }: StockFieldProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="stepper">
        <button type="button" className="stepper-button" aria-label={t('One less in stock')} onClick={() => onStep(-1)}>
          −
        </button>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && errorId)}
          {...registration}
        />
        <button type="button" className="stepper-button" aria-label={t('One more in stock')} onClick={() => onStep(1)}>
          +
        </button>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
