/** A validation message beside its field, read out at once (role="alert"); nothing without one. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {message}
    </p>
  );
}

/** The ids an input is described by: its hint and, when there is one, its error. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const text = ids.filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}
