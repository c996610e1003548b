import { useTranslation } from 'react-i18next';

/**
 * A field's validation message, beside the field (the input names it in `aria-describedby`) and
 * announced when it appears. Messages are the shared schemas' texts (the spec's, e.g. 'Please
 * enter rating.'), shown in the UI language.
 */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {t(message)}
    </p>
  );
}
