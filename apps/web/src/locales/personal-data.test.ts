/**
 * The privacy page's list and the account deletion's answers are texts of the shared rule
 * (rules/personal-data.ts), translated by key: each has its Swedish text, so the generated list
 * and the refusal reasons are never half English on the Svenska UI.
 */
import { ERASURE_REFUSALS, PERSONAL_DATA_CATEGORIES, WRONG_PASSWORD } from '@torget/shared/rules/personal-data';
import { describe, expect, it } from 'vitest';
import { swedishCatalogue } from './sv';

describe('the personal-data texts in Swedish', () => {
  it('has every category’s name, contents, purpose and retention', () => {
    const texts = PERSONAL_DATA_CATEGORIES.flatMap((c) => [c.name, c.what, c.purpose, c.retention]);
    expect(texts.length).toBeGreaterThan(20);
    expect(texts.filter((text) => !swedishCatalogue[text])).toEqual([]);
  });

  it('has every reason a deletion is refused for', () => {
    const texts = [WRONG_PASSWORD, ...Object.values(ERASURE_REFUSALS)];
    expect(texts.filter((text) => !swedishCatalogue[text])).toEqual([]);
  });
});
