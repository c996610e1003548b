import { useTranslation } from '#web/lib/use-translation.ts';

/**
 * A field's validation message beside its input, in the spec's words, announced at once
 * (role="alert"; styles/forms.css `.form-error`). The input names it with
 * `aria-describedby={id}` and `aria-invalid`. Messages are the shared schemas' texts, shown in
 * the UI language (locales/).
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {t(message)}
    </p>
  );
}
