import type { ProductDetails } from '@torget/shared/api-types.generated';
import { useTranslation } from '#web/lib/use-translation.ts';
import { type Choice, soldOut } from '../utils/variant-choice';
import './variant-picker.css';

interface VariantPickerProps {
  product: Pick<ProductDetails, 'options' | 'variants'>;
  choice: Choice;
  onChoose: (choice: Choice) => void;
}

/**
 * The options of a product with variants, each a group of radio buttons drawn as buttons (arrow
 * keys move within a group, as radio groups do). A value no variant in stock has, given the
 * other values picked, is struck through and its label says so; it can still be picked, and the
 * page then says Unavailable.
 */
export function VariantPicker({ product, choice, onChoose }: VariantPickerProps) {
  const { t } = useTranslation();
  return (
    <div className="variant-picker">
      {product.options.map((option, index) => (
        <fieldset key={option.name} className="variant-option">
          <legend className="variant-option-name">
            <span lang="sv">{option.name}</span>
            {choice[index] !== null && (
              <span className="variant-option-picked" lang="sv">
                {`: ${choice[index]}`}
              </span>
            )}
          </legend>
          <div className="variant-values">
            {option.values.map((value) => {
              const gone = soldOut(product, choice, index, value);
              return (
                <label key={value} className={gone ? 'variant-value is-sold-out' : 'variant-value'}>
                  <input
                    type="radio"
                    name={`variant-option-${index}`}
                    value={value}
                    checked={choice[index] === value}
                    onChange={() => onChoose(choice.map((picked, i) => (i === index ? value : picked)))}
                  />
                  <span lang="sv">{value}</span>
                  {gone && <span className="visually-hidden">{t(', sold out')}</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
