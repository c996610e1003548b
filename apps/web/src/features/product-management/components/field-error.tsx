import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';

/**
 * A validation message beside its field, read out at once (role="alert"); nothing without one.
 * Messages are the shared schema's texts, shown in the UI language (locales/).
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {formMessage(t, message, 'product')}
    </p>
  );
}

/** The ids an input is described by: its hint and, when there is one, its error. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const text = ids.filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}
