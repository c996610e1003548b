import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPrice } from './format';

const NBSP = '\u00a0';

describe('prices', () => {
  it("keep the spec's 'SEK 249.00' in the default UI", () => {
    expect(formatPrice(249, 'en')).toBe('SEK 249.00');
    expect(formatPrice(0.1, 'en')).toBe('SEK 0.10');
  });

  it("are '249,00 kr' in Svenska", () => {
    expect(formatPrice(249, 'sv')).toBe(`249,00${NBSP}kr`);
    expect(formatPrice(0.5, 'sv')).toBe(`0,50${NBSP}kr`);
    // Thousands are grouped with a (narrow) no-break space, as Swedish writes them.
    expect(formatPrice(1299.9, 'sv')).toMatch(/^1\s299,90\skr$/u);
  });
});

describe('dates', () => {
  it("are the spec's 'YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS' in Stockholm in the default UI", () => {
    expect(formatDate('2026-11-22T12:30:00.000Z', 'en')).toBe('2026-11-22');
    expect(formatDate('2026-11-22T23:30:00.000Z', 'en')).toBe('2026-11-23');
    expect(formatDateTime('2026-11-22T05:05:09.000Z', 'en')).toBe('2026-11-22 06:05:09');
    expect(formatDate(null, 'en')).toBe('-');
  });

  it("are '22 nov. 2026' in Svenska, in Stockholm", () => {
    expect(formatDate('2026-11-22T12:30:00.000Z', 'sv')).toBe('22 nov. 2026');
    expect(formatDate('2026-01-02T00:00:00.000Z', 'sv')).toBe('2 jan. 2026');
    expect(formatDateTime('2026-11-22T05:05:09.000Z', 'sv')).toBe('22 nov. 2026 06:05:09');
    expect(formatDateTime('2026-10-25T01:30:00.000Z', 'sv')).toBe('25 okt. 2026 02:30:00');
    expect(formatDate(undefined, 'sv')).toBe('-');
    expect(formatDate('not a date', 'sv')).toBe('not a date'.slice(0, 10));
  });
});
