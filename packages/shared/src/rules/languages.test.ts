import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, languageFromCookie, parseLanguage, servedLanguage } from './languages';

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

  it('takes the first of Swedish or English by q weight, past languages the UI has not', () => {
    expect(languageFromAcceptLanguage('sv-SE')).toBe('sv');
    expect(languageFromAcceptLanguage('SV-se;q=0.9')).toBe('sv');
    expect(languageFromAcceptLanguage('de-DE, sv;q=0.8, en;q=0.7')).toBe('sv');
    expect(languageFromAcceptLanguage('de-DE, en;q=0.8, sv;q=0.7')).toBe('en');
    expect(languageFromAcceptLanguage('en;q=0.8, sv-SE;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('fi-FI, sv-FI;q=0.5')).toBe('sv');
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage('svx, en;q=0.1')).toBe('en');
  });
});

describe('the language a page is served in', () => {
  it('follows Accept-Language on a first visit, English otherwise', () => {
    expect(servedLanguage(undefined, 'sv-SE,sv;q=0.9,en-US;q=0.8')).toBe('sv');
    expect(servedLanguage('', 'sv-FI')).toBe('sv');
    expect(servedLanguage(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(servedLanguage(undefined, 'de-DE')).toBe('en');
    expect(servedLanguage(undefined, undefined)).toBe('en');
  });

  it('lets a stored choice win over Accept-Language', () => {
    expect(servedLanguage('torget_lang=en', 'sv-SE')).toBe('en');
    expect(servedLanguage('a=1; torget_lang=sv', 'en-US')).toBe('sv');
    // A cookie naming no language is no choice.
    expect(servedLanguage('torget_lang=xx', 'sv-SE')).toBe('sv');
  });
});
