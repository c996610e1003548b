import { useRef, useState } from 'react';
import { useCategories } from '#web/api/get-categories.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import { describedBy, FieldError } from './field-error';

interface CategoryFieldProps {
  id: string;
  value: string;
  onChange: (category: string) => void;
  onBlur: () => void;
  error?: string;
}

/** The select's value for "add a new category" (no category can be this: they are trimmed). */
const NEW_CATEGORY = ' new ';

/**
 * The category, chosen from the marketplace's categories (GET /api/products/categories), or a
 * new one typed after choosing "Add a new category…". A category the list does not hold (the
 * product's own, not yet on sale) is offered too, so the saved value always shows.
 */
export function CategoryField({ id, value, onChange, onBlur, error }: CategoryFieldProps) {
  const { t } = useTranslation();
  const categories = useCategories();
  const known = categories.data ?? [];
  const [adding, setAdding] = useState(false);
  const newInput = useRef<HTMLInputElement>(null);
  const options = value !== '' && !known.includes(value) && !adding ? [value, ...known] : known;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  return (
    <div className="form-field">
      <label htmlFor={id}>{t('Category')}</label>
      <select
        id={id}
        className="select-input"
        value={adding ? NEW_CATEGORY : value}
        aria-describedby={describedBy(categories.isError && hintId, !adding && error && errorId)}
        onBlur={onBlur}
        onChange={(event) => {
          if (event.target.value === NEW_CATEGORY) {
            setAdding(true);
            onChange('');
            // The new name's input appears with this render; focus it for typing at once.
            requestAnimationFrame(() => newInput.current?.focus());
          } else {
            setAdding(false);
            onChange(event.target.value);
          }
        }}
      >
        <option value="">{t('No category')}</option>
        {options.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
        <option value={NEW_CATEGORY}>{t('Add a new category…')}</option>
      </select>
      {categories.isError && (
        <p id={hintId} className="form-hint">
          {t('The categories could not be loaded; add a new one instead.')}
        </p>
      )}
      {adding && (
        <div className="form-field category-new">
          <label htmlFor={`${id}-new`}>{t('New category name')}</label>
          <input
            id={`${id}-new`}
            ref={newInput}
            type="text"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(error && errorId)}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        </div>
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
