import { describe, expect, it } from 'vitest';
import {
  isValidOrganisationNumber,
  luhnCheckDigit,
  normalisePostNumber,
  normaliseSwishNumber,
  organisationNumber,
} from './sweden';

describe('organisation numbers', () => {
  it('computes the Luhn check digit of a known number (556016-0680)', () => {
    expect(luhnCheckDigit('556016068')).toBe(0);
    expect(organisationNumber('556016068')).toBe('556016-0680');
  });
  it('accepts only NNNNNN-NNNN with a correct check digit', () => {
    expect(isValidOrganisationNumber('556016-0680')).toBe(true);
    expect(isValidOrganisationNumber('556016-0681')).toBe(false);
    expect(isValidOrganisationNumber('5560160680')).toBe(false);
    expect(isValidOrganisationNumber('55601-60680')).toBe(false);
  });
});

describe('post and Swish numbers', () => {
  it('writes post numbers as NNN NN', () => {
    expect(normalisePostNumber('11151')).toBe('111 51');
    expect(normalisePostNumber('111 51')).toBe('111 51');
    expect(normalisePostNumber('1115')).toBeNull();
  });
  it('keeps the ten digits of a Swish number', () => {
    expect(normaliseSwishNumber('123 118 11 89')).toBe('1231181189');
    expect(normaliseSwishNumber('070-123 45 67')).toBe('0701234567');
    expect(normaliseSwishNumber('12345')).toBeNull();
  });
});
