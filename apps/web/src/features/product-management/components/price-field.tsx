import type { UseFormRegisterReturn } from 'react-hook-form';
import { describedBy, FieldError } from './field-error';

interface PriceFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
}

/**
 * An amount in kronor with its `kr` unit; a Swedish decimal comma ("249,50") is as good as a
 * point (the shared schema reads both). Text, not type=number: number inputs refuse the comma
 * in some browsers and change the value on a scroll of the wheel.
 */
export function PriceField({ id, label, registration, error, hint }: PriceFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className="unit-input">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0,00"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${id}-unit`, hint && hintId, error && errorId)}
          {...registration}
        />
        <span id={`${id}-unit`} className="unit-input-unit">
          kr
        </span>
      </div>
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
