import { describe, expect, it } from 'vitest';
import { ALL, isProductOrder, mayHaveTypo, searchStem, searchWords, textFilter } from './catalog-query';

describe('catalogue query rules', () => {
  it("reads 'all' and blank text as no filter, anything else trimmed", () => {
    expect(textFilter(ALL)).toBeUndefined();
    expect(textFilter('')).toBeUndefined();
    expect(textFilter('   ')).toBeUndefined();
    expect(textFilter(' lamp ')).toBe('lamp');
    expect(textFilter('Allt')).toBe('Allt');
  });

  it("knows the spec's four sort orders and best match", () => {
    expect(['newest', 'lowest', 'highest', 'toprated', 'relevance'].every(isProductOrder)).toBe(true);
    expect(isProductOrder('random')).toBe(false);
    expect(isProductOrder(undefined)).toBe(false);
  });

  it('splits a name query into lower-case words', () => {
    expect(searchWords('  Röd  MÖSSA ull ')).toEqual(['röd', 'mössa', 'ull']);
    expect(searchWords('   ')).toEqual([]);
  });

  it('strips Swedish inflection endings down to a stem of three letters or more', () => {
    expect(searchStem('mössor')).toBe('möss');
    expect(searchStem('mössan')).toBe('möss');
    expect(searchStem('mössorna')).toBe('möss');
    expect(searchStem('mössa')).toBe('möss');
    expect(searchStem('lampa')).toBe('lamp');
    expect(searchStem('hörlurarna')).toBe('hörlur');
    expect(searchStem('klänningen')).toBe('klänning');
    expect(searchStem('bok')).toBe('bok');
    expect(searchStem('skor')).toBe('skor');
    // Codes and symbols are searched exactly as typed.
    expect(searchStem('3f9ca')).toBe('3f9ca');
    expect(searchStem('ull_fria')).toBe('ull_fria');
  });

  it('forgives typos only in words of five letters or more', () => {
    expect(mayHaveTypo('fotbol')).toBe(true);
    expect(mayHaveTypo('höger')).toBe(true);
    expect(mayHaveTypo('stol')).toBe(false);
    expect(mayHaveTypo('ab12cd')).toBe(false);
  });
});
