import { MessageBox } from './message-box';

/**
 * A field's validation message under its input: red and announced at once (role="alert"). The
 * input names it with `aria-describedby={id}` and `aria-invalid`.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="field-error">
      <MessageBox variant="danger">{message}</MessageBox>
    </div>
  );
}
