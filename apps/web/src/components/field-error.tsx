/**
 * A field's validation message beside its input, in the spec's words, announced at once
 * (role="alert"; styles/forms.css `.form-error`). The input names it with
 * `aria-describedby={id}` and `aria-invalid`.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {message}
    </p>
  );
}
