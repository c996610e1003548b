import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { useId } from 'react';
import { formMessage } from '#web/lib/form-message.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import '../sellers.css';

/** The #RRGGBB shape the server accepts (spec section 5). */
const COLOUR_PATTERN = '#[0-9a-fA-F]{6}';
const isColour = (value: string) => new RegExp(`^${COLOUR_PATTERN}$`).test(value.trim());

interface ColourFieldProps {
  label: string;
  /** What the picker is called by screen readers (not containing `label`, so labels stay unique). */
  pickerLabel: string;
  value: string;
  onChange: (value: string) => void;
  /** What the colour picker starts from while no colour is chosen (Torget's default look). */
  fallback: string;
  error?: string;
}

/**
 * A shop colour: a colour picker beside its hex text ('#RRGGBB', empty for Torget's default),
 * kept in step both ways, and a button back to the default.
 */
export function ColourField({ label, pickerLabel, value, onChange, fallback, error }: ColourFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const valid = isColour(value);
  return (
    <div className="form-field colour-field">
      <label htmlFor={id}>{label}</label>
      <div className="colour-field-row">
        <input
          type="color"
          className="colour-picker"
          aria-label={pickerLabel}
          value={valid ? value.trim().toLowerCase() : fallback}
          onChange={(event) => onChange(event.target.value)}
        />
        <input
          id={id}
          type="text"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="#RRGGBB"
          pattern={COLOUR_PATTERN}
          title={t('A colour written #RRGGBB, for example #7a3b3f')}
          maxLength={SELLER_FIELDS.name_text_color.max}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button
          type="button"
          className="link-button colour-default"
          disabled={value === ''}
          onClick={() => onChange('')}
        >
          {t('Default')}
          <span className="visually-hidden">{` ${label.toLowerCase()}`}</span>
        </button>
      </div>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {formMessage(t, error)}
        </p>
      )}
    </div>
  );
}
