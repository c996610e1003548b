import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languageCookie, readLanguageChoice, storedLanguageChoice, storeLanguageChoice } from './language';

/** localStorage and document.cookie as the browser keeps them (the cookie jar: name → value). */
function fakeBrowser(storageWorks = true, pageLang = '') {
  const items = new Map<string, string>();
  const jar = new Map<string, string>();
  const localStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
  vi.stubGlobal('window', {
    get localStorage() {
      if (!storageWorks) throw new Error('storage is switched off');
      return localStorage;
    },
  });
  vi.stubGlobal('document', {
    documentElement: { lang: pageLang },
    get cookie() {
      return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(text: string) {
      const [pair = ''] = text.split(';');
      const [name = '', value = ''] = pair.split('=');
      jar.set(name.trim(), value.trim());
    },
  });
  return { items, jar };
}

beforeEach(() => {
  vi.unstubAllGlobals();
});

describe('the language choice', () => {
  it("is the spec's UI until someone chooses", () => {
    fakeBrowser();
    expect(readLanguageChoice()).toBe('en');
  });

  it('is remembered in localStorage and in the cookie the server reads', () => {
    const { items, jar } = fakeBrowser();
    storeLanguageChoice('sv');
    expect(items.get('torget_lang')).toBe('sv');
    expect(jar.get('torget_lang')).toBe('sv');
    expect(readLanguageChoice()).toBe('sv');
    storeLanguageChoice('en');
    expect(readLanguageChoice()).toBe('en');
  });

  it('falls back to the cookie when storage holds nothing usable or is switched off', () => {
    const { items, jar } = fakeBrowser();
    jar.set('torget_lang', 'sv');
    expect(readLanguageChoice()).toBe('sv');
    items.set('torget_lang', 'klingon');
    expect(readLanguageChoice()).toBe('sv');

    const off = fakeBrowser(false);
    storeLanguageChoice('sv');
    expect(off.jar.get('torget_lang')).toBe('sv');
    expect(readLanguageChoice()).toBe('sv');
  });

  it("follows the page's language, which the server chose from Accept-Language, until someone chooses", () => {
    const { jar } = fakeBrowser(true, 'sv');
    expect(storedLanguageChoice()).toBeNull();
    expect(readLanguageChoice()).toBe('sv');
    storeLanguageChoice('en');
    expect(jar.get('torget_lang')).toBe('en');
    expect(readLanguageChoice()).toBe('en');

    fakeBrowser(true, 'en');
    expect(readLanguageChoice()).toBe('en');
    fakeBrowser(true, 'de');
    expect(readLanguageChoice()).toBe('en');
  });

  it('lets a stored choice win over the page', () => {
    const { jar } = fakeBrowser(true, 'en');
    jar.set('torget_lang', 'sv');
    expect(readLanguageChoice()).toBe('sv');
  });

  it('writes a site-wide, year-long, same-site cookie', () => {
    expect(languageCookie('sv')).toBe('torget_lang=sv; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});
