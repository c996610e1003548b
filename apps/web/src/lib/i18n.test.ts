import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, currentLanguage, i18n, setupI18n } from './i18n';

/** What the module touches in the browser: storage, the cookie and `<html lang>`. */
const html = { lang: 'en' };
const items = new Map<string, string>();
let cookie = '';

beforeAll(async () => {
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    },
  });
  vi.stubGlobal('document', {
    documentElement: html,
    get cookie() {
      return cookie;
    },
    set cookie(text: string) {
      cookie = text.split(';')[0] ?? '';
    },
  });
  await setupI18n();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('the default UI', () => {
  it("shows the spec's texts, and '1 review' for one (plural rules)", () => {
    expect(currentLanguage()).toBe('en');
    expect(html.lang).toBe('en');
    expect(i18n.t('Add to Cart')).toBe('Add to Cart');
    expect(i18n.t('{{count}} reviews', { count: 0 })).toBe('0 reviews');
    expect(i18n.t('{{count}} reviews', { count: 1 })).toBe('1 review');
    expect(i18n.t('{{count}} reviews', { count: 2 })).toBe('2 reviews');
    expect(i18n.t('In stock: {{count}}', { count: 1 })).toBe('In stock: 1');
    // Keys are sentences: '.' and ':' are not paths.
    expect(i18n.t('Cart is empty.')).toBe('Cart is empty.');
  });
});

describe('Svenska', () => {
  beforeAll(async () => {
    await chooseLanguage('sv');
  });

  it('loads the Swedish catalogue, remembers the choice and sets <html lang>', () => {
    expect(currentLanguage()).toBe('sv');
    expect(html.lang).toBe('sv');
    expect(items.get('torget_lang')).toBe('sv');
    expect(cookie).toBe('torget_lang=sv');
    expect(i18n.t('Add to Cart')).toBe('Lägg i varukorgen');
  });

  it('uses Swedish plural forms', () => {
    expect(i18n.t('{{count}} reviews', { count: 1 })).toBe('1 recension');
    expect(i18n.t('{{count}} reviews', { count: 2 })).toBe('2 recensioner');
    expect(i18n.t('{{count}} reviews', { count: 0 })).toBe('0 recensioner');
    // A counted text without plural forms uses its one Swedish text.
    expect(i18n.t('In stock: {{count}}', { count: 3 })).toBe('I lager: 3');
  });

  it('shows a text the catalogue lacks (a server message) as it is', () => {
    expect(i18n.t('Product Not Found in the warehouse')).toBe('Product Not Found in the warehouse');
  });

  it('goes back to the spec texts', async () => {
    await chooseLanguage('en');
    expect(i18n.t('Add to Cart')).toBe('Add to Cart');
    expect(html.lang).toBe('en');
    expect(cookie).toBe('torget_lang=en');
  });
});
