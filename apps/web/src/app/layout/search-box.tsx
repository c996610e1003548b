import { formatSek } from '@torget/shared/rules/money';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { SUGGEST_MIN_LETTERS, useSuggestions } from '#web/api/get-suggestions.ts';
import { useDebouncedValue } from '#web/hooks/use-debounced-value.ts';
import { useTranslation } from '#web/lib/use-translation.ts';
import './search-suggestions.css';

/** Long enough that a fast typist sends one request per pause, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

interface Option {
  key: string;
  href: string;
  label: string;
  image: string;
  /** The price, or "Shop" for a shop. */
  detail: string;
  kind: 'product' | 'shop';
}

/** The name search's address for the typed text (spec route /search/name/{name}). */
export function nameSearchHref(text: string): string {
  const name = text.trim();
  return name === '' ? '/search/name' : `/search/name/${encodeURIComponent(name)}`;
}

/**
 * The header's search box with suggestions as the shopper types: an ARIA combobox
 * over a listbox of at most 8 products and shops. Arrow keys move through the
 * suggestions, Enter opens the chosen one, or searches the typed text when none is chosen
 * (the spec's /search/name/{text}); Escape closes the list, a second Escape clears the box.
 * The number of suggestions is announced in a polite live region.
 */
export function SearchBox() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;

  const typed = text.trim();
  const settled = useDebouncedValue(typed, DEBOUNCE_MS);
  const suggestions = useSuggestions(settled);
  const options: Option[] =
    typed.length >= SUGGEST_MIN_LETTERS && suggestions.data
      ? [
          ...suggestions.data.products.map((product) => ({
            key: `p-${product._id}`,
            href: `/product/${product._id}`,
            label: product.name,
            image: product.image,
            detail: formatSek(product.price),
            kind: 'product' as const,
          })),
          ...suggestions.data.shops.map((shop) => ({
            key: `s-${shop._id}`,
            href: `/seller/${shop._id}`,
            label: shop.name,
            image: shop.logo,
            detail: 'Shop',
            kind: 'shop' as const,
          })),
        ]
      : [];
  const expanded = open && options.length > 0;
  const current = expanded && active >= 0 && active < options.length ? active : -1;

  function go(href: string) {
    setOpen(false);
    setActive(-1);
    navigate(href);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = current >= 0 ? options[current] : undefined;
    go(chosen ? chosen.href : nameSearchHref(text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // From "nothing chosen" (-1) down goes to the first, up to the last; past either end
      // the choice goes back to the typed text.
      setActive((index) => {
        const next = (current < 0 ? (step > 0 ? -1 : options.length) : index) + step;
        return next < 0 || next >= options.length ? -1 : next;
      });
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text !== '') {
        event.preventDefault();
        setText('');
      }
    }
  }

  const announcement =
    typed.length < SUGGEST_MIN_LETTERS || !open || suggestions.isFetching
      ? ''
      : options.length === 0
        ? ''
        : `${options.length} suggestion${options.length === 1 ? '' : 's'}. Use the up and down arrows to choose.`;

  return (
    <search className="search-box">
      <form className="search-form" onSubmit={onSubmit}>
        <label htmlFor="header-search" className="visually-hidden">
          {t('Search products')}
        </label>
        {/* The ARIA 1.1 combobox pattern: the box keeps its searchbox role (the spec's search box,
            which scripts and assistive technology already know by that role) inside a combobox
            that owns the suggestions. See docs/decisions/036-header-search-combobox.md. */}
        {/* biome-ignore lint/a11y/useFocusableInteractive: focus stays on the search box inside */}
        <div
          className="search-combobox"
          role="combobox"
          aria-expanded={expanded}
          aria-haspopup="listbox"
          aria-owns={listId}
          aria-controls={listId}
        >
          <input
            id="header-search"
            type="search"
            name="q"
            placeholder={t('Search products')}
            autoComplete="off"
            enterKeyHint="search"
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
        </div>
        <button type="submit" className="search-submit">
          <span className="search-icon" aria-hidden="true" />
          <span className="visually-hidden">{t('Search')}</span>
        </button>
        <div id={listId} role="listbox" aria-label={t('Suggestions')} className="search-suggestions" hidden={!expanded}>
          {options.map((option, index) => (
            // Options are chosen with the pointer on mousedown (before the input's blur closes the
            // list); the keyboard chooses with the arrows and Enter through the input.
            <div
              key={option.key}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === current}
              className={index === current ? 'search-suggestion is-active' : 'search-suggestion'}
              onMouseDown={(event) => {
                event.preventDefault();
                go(option.href);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {option.image ? (
                <img className="search-suggestion-image" src={option.image} alt="" width={40} height={40} />
              ) : (
                <span className="search-suggestion-image" aria-hidden="true" />
              )}
              <span className="search-suggestion-name" lang="sv">
                {option.label}
              </span>
              <span
                className={option.kind === 'shop' ? 'search-suggestion-detail is-shop' : 'search-suggestion-detail'}
              >
                {option.detail}
              </span>
            </div>
          ))}
        </div>
      </form>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </search>
  );
}
