import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_FORMS, searchForms, withoutHyphens } from './search-forms';

describe('search forms', () => {
  it('searches the plural of a word whose e falls away by both stems', () => {
    expect(searchForms('nycklar')).toEqual(['nyckl', 'nyckel']);
    expect(searchForms('nyckel')).toEqual(['nyckel', 'nyckl']);
    expect(searchForms('nyckeln')).toEqual(['nyckel', 'nyckl']);
    expect(searchForms('nycklarna')).toEqual(['nyckl', 'nyckel']);
    expect(searchForms('cyklar')).toEqual(['cykl', 'cykel']);
    expect(searchForms('cykel')).toEqual(['cykel', 'cykl']);
    expect(searchForms('fåglar')).toEqual(['fågl', 'fågel']);
    expect(searchForms('vintrar')).toEqual(['vintr', 'vinter']);
  });

  it('keeps one stem where no e comes and goes', () => {
    expect(searchForms('leksaker')).toEqual(['leksak']);
    expect(searchForms('leksak')).toEqual(['leksak']);
    expect(searchForms('mössor')).toEqual(['möss']);
    expect(searchForms('lampa')).toEqual(['lamp']);
    expect(searchForms('bok')).toEqual(['bok']);
    expect(searchForms('lamp')).toEqual(['lamp']);
    expect(searchForms('chair')).toEqual(['chair']);
    // A vowel before the e: nothing to drop.
    expect(searchForms('hoer')).toEqual(['hoer']);
    // Too short to lose a letter.
    expect(searchForms('ler')).toEqual(['ler']);
  });

  it('reads a word without its hyphens', () => {
    expect(withoutHyphens('e-bok')).toBe('ebok');
    expect(withoutHyphens('-')).toBe('-');
    expect(searchForms('e-bok')).toEqual(['ebok']);
    expect(searchForms('ebok')).toEqual(['ebok']);
    expect(searchForms('wi-fi')).toEqual(['wifi']);
    expect(searchForms('e-böcker')).toEqual(['eböck']);
  });

  it('searches codes and numbers as typed', () => {
    expect(searchForms('3f9ca')).toEqual(['3f9ca']);
    expect(searchForms('1234')).toEqual(['1234']);
  });

  it('gives at most two forms, none inside another', () => {
    for (const word of ['nycklar', 'cykelns', 'vintern', 'e-cyklar', 'aaa', 'xyz-lnr']) {
      const forms = searchForms(word);
      expect(forms.length).toBeGreaterThan(0);
      expect(forms.length).toBeLessThanOrEqual(MAX_SEARCH_FORMS);
      for (const form of forms) expect(forms.filter((other) => other !== form && form.includes(other))).toEqual([]);
    }
  });
});
