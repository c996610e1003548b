import { type InputHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessage } from './field-message';

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange' | 'onBlur'> {
  label: string;
  /** What react-hook-form's `register(name)` answers. */
  registration: UseFormRegisterReturn;
  /** The field's validation message (a shared schema's text), shown under the input. */
  error?: string;
  /** A line of help under the input, read out with it. */
  hint?: string;
}

/** A labelled input of a react-hook-form form, with its hint and its validation message. */
export function FormField({ label, registration, error, hint, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
        {...registration}
      />
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      <FieldMessage id={errorId} message={error} />
    </div>
  );
}
