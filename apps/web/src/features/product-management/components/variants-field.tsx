import {
  combinationKey,
  combinations,
  MAX_OPTIONS,
  MAX_VARIANTS,
  type ProductOption,
  VARIANT_LIMITS,
  variantName,
} from '@torget/shared/rules/variants';
import { useState } from 'react';
import { useTranslation } from '#web/lib/use-translation.ts';
import { FieldError } from './field-error';
import './variants-field.css';

/** A variant row as the form holds it: amounts as typed. */
export interface VariantRow {
  _id?: string | undefined;
  values: string[];
  countInStock: string;
  price: string;
  sku: string;
  image: string;
}

interface VariantsFieldProps {
  options: ProductOption[];
  variants: VariantRow[];
  /** The product's images: a variant's image is one of them. */
  images: string[];
  onChange: (options: ProductOption[], variants: VariantRow[]) => void;
  error?: string | undefined;
}

/** "S, M, L" as typed: the values, each once, in order. */
const parseValues = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value !== ''),
  ),
];

/**
 * The rows the options make (one per combination, rules/variants.ts), each keeping what the
 * seller gave the row of the same values before; at most one past the limit, so the limit's
 * message shows without drawing hundreds of rows.
 */
export function rowsFor(options: readonly ProductOption[], before: readonly VariantRow[]): VariantRow[] {
  const kept = new Map(before.map((row) => [combinationKey(row.values), row]));
  const named = options.every((option) => option.values.length > 0) ? options : [];
  return combinations(named)
    .slice(0, MAX_VARIANTS + 1)
    .map((values) => kept.get(combinationKey(values)) ?? { values, countInStock: '0', price: '', sku: '', image: '' });
}

/**
 * The edit screen's variants: up to two options, each a name and its values typed with commas
 * ("S, M, L"), make one row per combination with its stock, price (empty: the product's), SKU and
 * image; stock or price can be set on every row at once.
 */
export function VariantsField({ options, variants, images, onChange, error }: VariantsFieldProps) {
  const { t } = useTranslation();
  // The values as typed (a trailing comma stays while the next value is typed).
  const [typed, setTyped] = useState(() => options.map((option) => option.values.join(', ')));
  const [bulkStock, setBulkStock] = useState('');
  const [bulkPrice, setBulkPrice] = useState('');

  const setOptions = (next: ProductOption[]) => onChange(next, rowsFor(next, variants));
  const setRow = (index: number, change: Partial<VariantRow>) =>
    onChange(
      options,
      variants.map((row, i) => (i === index ? { ...row, ...change } : row)),
    );

  return (
    <div className="variants-field">
      <h2 className="variants-title">{t('Variants')}</h2>
      <p className="form-hint">
        {t(
          'Sizes or colours with their own stock: up to 2 options and 100 variants. Without options the product has one stock.',
        )}
      </p>
      {options.map((option, index) => (
        // Options are few and only added or removed at the end: the position is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <fieldset key={index} className="variant-option-editor">
          <legend className="form-label">{t('Option {{n}}', { n: index + 1 })}</legend>
          <div className="form-field">
            <label htmlFor={`option-${index}-name`}>{t('Option name')}</label>
            <input
              id={`option-${index}-name`}
              type="text"
              maxLength={VARIANT_LIMITS.optionName}
              value={option.name}
              onChange={(event) =>
                setOptions(options.map((o, i) => (i === index ? { ...o, name: event.target.value } : o)))
              }
            />
          </div>
          <div className="form-field">
            <label htmlFor={`option-${index}-values`}>{t('Values')}</label>
            <input
              id={`option-${index}-values`}
              type="text"
              value={typed[index] ?? ''}
              aria-describedby={`option-${index}-values-hint`}
              onChange={(event) => {
                const text = event.target.value;
                setTyped(typed.map((old, i) => (i === index ? text : old)));
                setOptions(options.map((o, i) => (i === index ? { ...o, values: parseValues(text) } : o)));
              }}
            />
            <p className="form-hint" id={`option-${index}-values-hint`}>
              {t('Separate the values with commas, for example S, M, L.')}
            </p>
          </div>
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => {
              setTyped(typed.filter((_, i) => i !== index));
              setOptions(options.filter((_, i) => i !== index));
            }}
          >
            {t('Remove option')}
            <span className="visually-hidden">{` ${option.name}`}</span>
          </button>
        </fieldset>
      ))}
      {options.length < MAX_OPTIONS && (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setTyped([...typed, '']);
            setOptions([...options, { name: options.length === 0 ? t('Size') : t('Colour'), values: [] }]);
          }}
        >
          {t('Add option')}
        </button>
      )}
      {variants.length > 0 && (
        <>
          <div className="variant-bulk">
            <div className="form-field">
              <label htmlFor="variants-bulk-stock">{t('Stock for every variant')}</label>
              <div className="variant-bulk-row">
                <input
                  id="variants-bulk-stock"
                  type="text"
                  inputMode="numeric"
                  value={bulkStock}
                  onChange={(event) => setBulkStock(event.target.value)}
                />
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() =>
                    onChange(
                      options,
                      variants.map((row) => ({ ...row, countInStock: bulkStock.trim() })),
                    )
                  }
                >
                  {t('Set stock')}
                </button>
              </div>
            </div>
            <div className="form-field">
              <label htmlFor="variants-bulk-price">{t('Price for every variant')}</label>
              <div className="variant-bulk-row">
                <input
                  id="variants-bulk-price"
                  type="text"
                  inputMode="decimal"
                  value={bulkPrice}
                  aria-describedby="variants-bulk-price-hint"
                  onChange={(event) => setBulkPrice(event.target.value)}
                />
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() =>
                    onChange(
                      options,
                      variants.map((row) => ({ ...row, price: bulkPrice.trim() })),
                    )
                  }
                >
                  {t('Set price')}
                </button>
              </div>
              <p className="form-hint" id="variants-bulk-price-hint">
                {t("Empty: the product's price.")}
              </p>
            </div>
          </div>
          <ul className="variant-rows" aria-label={t('Variants')}>
            {variants.map((row, index) => {
              const name = variantName(row.values);
              const id = `variant-${index}`;
              return (
                <li key={combinationKey(row.values)} className="variant-row">
                  <span className="variant-row-name" lang="sv">
                    {name}
                  </span>
                  <div className="form-field">
                    <label htmlFor={`${id}-stock`}>
                      {t('Stock')}
                      <span className="visually-hidden">{` ${name}`}</span>
                    </label>
                    <input
                      id={`${id}-stock`}
                      type="text"
                      inputMode="numeric"
                      value={row.countInStock}
                      onChange={(event) => setRow(index, { countInStock: event.target.value })}
                    />
                  </div>
                  <div className="form-field">
                    <label htmlFor={`${id}-price`}>
                      {t('Price (kr)')}
                      <span className="visually-hidden">{` ${name}`}</span>
                    </label>
                    <input
                      id={`${id}-price`}
                      type="text"
                      inputMode="decimal"
                      value={row.price}
                      onChange={(event) => setRow(index, { price: event.target.value })}
                    />
                  </div>
                  <div className="form-field">
                    <label htmlFor={`${id}-sku`}>
                      {t('SKU')}
                      <span className="visually-hidden">{` ${name}`}</span>
                    </label>
                    <input
                      id={`${id}-sku`}
                      type="text"
                      maxLength={VARIANT_LIMITS.sku}
                      value={row.sku}
                      onChange={(event) => setRow(index, { sku: event.target.value })}
                    />
                  </div>
                  <div className="form-field">
                    <label htmlFor={`${id}-image`}>
                      {t('Image')}
                      <span className="visually-hidden">{` ${name}`}</span>
                    </label>
                    <select
                      id={`${id}-image`}
                      className="select-input"
                      value={images.includes(row.image) ? row.image : ''}
                      onChange={(event) => setRow(index, { image: event.target.value })}
                    >
                      <option value="">{t('Main image')}</option>
                      {images.map((path, n) => (
                        <option key={path} value={path}>
                          {t('Image {{n}}', { n: n + 1 })}
                        </option>
                      ))}
                    </select>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <FieldError id="variants-error" message={error} />
    </div>
  );
}
