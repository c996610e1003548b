import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultCatalogue } from '#web/locales/en.ts';
import { swedishCatalogue } from '#web/locales/sv.ts';
import { formMessage } from './form-message';

// The same settings as lib/i18n.ts, on an instance of its own (no browser needed).
const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: defaultCatalogue }, sv: { translation: swedishCatalogue } },
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    showSupportNotice: false,
  });
});

const en = () => i18n.getFixedT('en');
const sv = () => i18n.getFixedT('sv');

describe('form messages of the seller and admin forms', () => {
  it('shows the schema texts as they are in the default UI', () => {
    for (const message of [
      'Name is required.',
      'At most 5000 characters.',
      'Price must be a number.',
      'Shipping price can have at most two decimals.',
      'Shop name is required.',
      'A product has at most 8 images.',
      'Your plan allows at most 5 products.',
      'Colours are written #RRGGBB.',
      'Some server text the catalogue lacks.',
    ]) {
      expect(formMessage(en(), message)).toBe(message);
      expect(formMessage(en(), message, 'product')).toBe(message);
    }
  });

  it('translates whole texts, texts with a number and texts naming a field', () => {
    expect(formMessage(sv(), 'Colours are written #RRGGBB.')).toBe('Färger skrivs #RRGGBB.');
    expect(formMessage(sv(), 'At most 5000 characters.')).toBe('Högst 5000 tecken.');
    expect(formMessage(sv(), 'A product has at most 8 images.')).toBe('En produkt har högst 8 bilder.');
    expect(formMessage(sv(), 'Your plan allows at most 5 products.')).toBe('Din plan tillåter högst 5 produkter.');
    expect(formMessage(sv(), 'Price must be a number.')).toBe('Pris måste vara ett tal.');
    expect(formMessage(sv(), 'Shipping price cannot be negative.')).toBe('Fraktpris får inte vara negativt.');
    expect(formMessage(sv(), 'Shop name is required.')).toBe('Butikens namn måste fyllas i.');
    // A whole text the catalogue has wins over the field rule.
    expect(formMessage(sv(), 'City is required.')).toBe('Ange ort.');
    expect(formMessage(sv(), 'Some server text the catalogue lacks.')).toBe('Some server text the catalogue lacks.');
  });

  it("translates a CSV row's refusal and keeps the columns it names, and a variant's cells by their field", () => {
    const differ = "A product's rows differ in its own cells: repeat them on each of its rows.";
    expect(formMessage(en(), `${differ} (name, price)`)).toBe(`${differ} (name, price)`);
    expect(formMessage(sv(), `${differ} (name, price)`)).toBe(
      'En produkts rader skiljer sig i produktens egna celler: upprepa dem på var och en av dess rader. (name, price)',
    );
    expect(formMessage(sv(), 'Variant stock cannot be negative.', 'product')).toBe(
      'Variantens lager får inte vara negativt.',
    );
    expect(formMessage(sv(), 'Variant price must be a number.', 'product')).toBe('Variantens pris måste vara ett tal.');
  });

  it("uses a form's own wording where the context has one, else the general text", () => {
    expect(formMessage(sv(), 'Name is required.')).toBe('Ange ditt namn.');
    expect(formMessage(sv(), 'Name is required.', 'product')).toBe('Ange produktens namn.');
    expect(formMessage(sv(), 'Price must be a number.', 'product')).toBe('Pris måste vara ett tal.');
  });
});
