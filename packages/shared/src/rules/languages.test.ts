import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromCookie, parseLanguage } from './languages';

describe('language choice', () => {
  it('accepts only the two languages', () => {
    expect(parseLanguage('sv')).toBe('sv');
    expect(parseLanguage('en')).toBe('en');
    expect(parseLanguage('de')).toBeNull();
    expect(parseLanguage('SV')).toBeNull();
    expect(parseLanguage(null)).toBeNull();
  });

  it('reads torget_lang among other cookies', () => {
    expect(languageFromCookie('a=1; torget_lang=sv; b=2')).toBe('sv');
    expect(languageFromCookie('torget_lang=en')).toBe('en');
    expect(languageFromCookie('torget_lang=fi')).toBeNull();
    expect(languageFromCookie('other_torget_lang=sv')).toBeNull();
    expect(languageFromCookie(undefined)).toBeNull();
  });

  it('takes the most preferred language of Accept-Language', () => {
    expect(languageFromAcceptLanguage('sv')).toBe('sv');
    expect(languageFromAcceptLanguage('sv-SE,sv;q=0.9,en;q=0.8')).toBe('sv');
    expect(languageFromAcceptLanguage('en-GB,sv;q=0.5')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.3, sv-FI;q=0.7')).toBe('sv');
    expect(languageFromAcceptLanguage('de-DE')).toBeNull();
    expect(languageFromAcceptLanguage('sv;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
  });
});
