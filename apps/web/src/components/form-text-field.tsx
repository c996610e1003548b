import { type InputHTMLAttributes, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field-error';

interface FormTextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange' | 'onBlur'> {
  label: string;
  /** What react-hook-form's `register(name)` gives. */
  registration: UseFormRegisterReturn;
  /** The field's validation message, shown under it. */
  error?: string | undefined;
}

/** A labelled text input for a react-hook-form form, with its message beside it. */
export function FormTextField({ label, registration, error, ...input }: FormTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
