import { SELLER_FIELDS } from '@torget/shared/rules/seller-fields';
import { useId } from 'react';
import '../sellers.css';

/** The #RRGGBB shape the server accepts (spec section 5). */
const COLOUR_PATTERN = '#[0-9a-fA-F]{6}';
const isColour = (value: string) => new RegExp(`^${COLOUR_PATTERN}$`).test(value.trim());

interface ColourFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A shop colour as text ('#RRGGBB', empty for the default) with a swatch showing it. */
export function ColourField({ label, value, onChange }: ColourFieldProps) {
  const id = useId();
  const valid = isColour(value);
  return (
    <div className="form-field colour-field">
      <label htmlFor={id}>{label}</label>
      <div className="colour-field-row">
        <input
          id={id}
          type="text"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="#RRGGBB"
          pattern={COLOUR_PATTERN}
          title="A colour written #RRGGBB, for example #7a3b3f"
          maxLength={SELLER_FIELDS.name_text_color.max}
          spellCheck={false}
          autoComplete="off"
        />
        <span
          className={valid ? 'colour-swatch' : 'colour-swatch is-empty'}
          style={valid ? { backgroundColor: value.trim() } : undefined}
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
