import type { InputHTMLAttributes } from 'react';
import { useId } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

interface FormTextFieldProps<T extends FieldValues>
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange'> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  /** A line of help under the input, read out with it. */
  hint?: string;
}

/**
 * A labelled text input of a react-hook-form form. Its validation message (from the shared zod
 * schema, through the resolver) shows under it as an alert and is read out with the input.
 */
export function FormTextField<T extends FieldValues>({ control, name, label, hint, ...input }: FormTextFieldProps<T>) {
  const { t } = useTranslation();
  const id = useId();
  const { field, fieldState } = useController({ control, name });
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = fieldState.error?.message;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        name={field.name}
        ref={field.ref}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {formMessage(t, error)}
        </p>
      )}
    </div>
  );
}

interface FormCheckboxProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}

/** A labelled checkbox of a react-hook-form form. */
export function FormCheckbox<T extends FieldValues>({ control, name, label }: FormCheckboxProps<T>) {
  const id = useId();
  const { field } = useController({ control, name });
  return (
    <div className="form-check">
      <input
        id={id}
        type="checkbox"
        name={field.name}
        ref={field.ref}
        checked={field.value === true}
        onChange={(event) => field.onChange(event.target.checked)}
        onBlur={field.onBlur}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
