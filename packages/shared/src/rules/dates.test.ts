import { describe, expect, it } from 'vitest';
import { DISPLAY_TIME_ZONE, displayDate, displayDateTime, formDateToDate } from './dates';

describe('dates shown are Sweden’s (Europe/Stockholm)', () => {
  it('shows an order placed at 05:05 UTC in winter at 06:05', () => {
    expect(DISPLAY_TIME_ZONE).toBe('Europe/Stockholm');
    expect(displayDateTime('2026-11-22T05:05:00.000Z')).toBe('2026-11-22 06:05:00');
    expect(displayDateTime('2026-11-22T05:05:00.000Z', 'sv')).toBe('22 nov. 2026 06:05:00');
    expect(displayDateTime('2026-07-01T05:05:00.000Z')).toBe('2026-07-01 07:05:00');
  });

  it('names the Stockholm day, which is the next one late in the UTC evening', () => {
    expect(displayDate('2026-11-22T23:30:00.000Z')).toBe('2026-11-23');
    expect(displayDate('2026-11-22T22:59:59.000Z')).toBe('2026-11-22');
    expect(displayDate('2026-11-22T23:30:00.000Z', 'sv')).toBe('23 nov. 2026');
    expect(displayDate('2026-12-31T23:00:00.000Z')).toBe('2027-01-01');
    expect(displayDate('2026-12-31T23:00:00.000Z', 'sv')).toBe('1 jan. 2027');
  });

  it('follows summer time in: 2026-03-29 02:00 CET becomes 03:00 CEST', () => {
    expect(displayDateTime('2026-03-29T00:30:00.000Z')).toBe('2026-03-29 01:30:00');
    expect(displayDateTime('2026-03-29T00:59:59.000Z')).toBe('2026-03-29 01:59:59');
    expect(displayDateTime('2026-03-29T01:00:00.000Z')).toBe('2026-03-29 03:00:00');
    expect(displayDateTime('2026-03-29T01:30:00.000Z', 'sv')).toBe('29 mars 2026 03:30:00');
  });

  it('follows summer time out: 2026-10-25 03:00 CEST becomes 02:00 CET, the hour shown twice', () => {
    expect(displayDateTime('2026-10-25T00:30:00.000Z')).toBe('2026-10-25 02:30:00');
    expect(displayDateTime('2026-10-25T01:30:00.000Z')).toBe('2026-10-25 02:30:00');
    expect(displayDateTime('2026-10-25T02:30:00.000Z')).toBe('2026-10-25 03:30:00');
    expect(displayDateTime('2026-10-25T01:30:00.000Z', 'sv')).toBe('25 okt. 2026 02:30:00');
  });

  it('shows midnight as 00, never 24', () => {
    expect(displayDateTime('2026-11-22T23:00:00.000Z')).toBe('2026-11-23 00:00:00');
    expect(displayDateTime('2026-11-22T23:00:00.000Z', 'sv')).toBe('23 nov. 2026 00:00:00');
  });

  it("keeps the spec's '-' for no date, and cuts a text that is no timestamp", () => {
    expect(displayDate(null)).toBe('-');
    expect(displayDate(undefined, 'sv')).toBe('-');
    expect(displayDateTime('')).toBe('-');
    expect(displayDate('not a date')).toBe('not a date');
  });

  it('shows a day picked in a form as that day', () => {
    for (const day of ['2026-03-29', '2026-10-25', '2026-11-22', '2026-06-21']) {
      expect(displayDate(formDateToDate(day).toISOString())).toBe(day);
    }
  });
});
