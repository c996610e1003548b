import { describe, expect, it } from 'vitest';
import { addDays, mondayOf, overviewDays, salesFigures, swedishDay } from './sales-overview';

describe('Swedish days', () => {
  it('turns a moment into the calendar day in Sweden, in winter and summer time', () => {
    // 23:30 UTC is 00:30 the next day in Stockholm in winter (UTC+1)…
    expect(swedishDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(swedishDay(new Date('2025-12-31T22:59:59Z'))).toBe('2025-12-31');
    // …and 22:30 UTC is 00:30 in summer (UTC+2).
    expect(swedishDay(new Date('2026-06-14T22:30:00Z'))).toBe('2026-06-15');
    expect(swedishDay(new Date('2026-06-14T21:59:59Z'))).toBe('2026-06-14');
  });

  it('moves days across months and years, and finds the Monday of a week', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(mondayOf('2026-01-01')).toBe('2025-12-29'); // a Thursday
    expect(mondayOf('2026-06-14')).toBe('2026-06-08'); // a Sunday
    expect(mondayOf('2026-06-15')).toBe('2026-06-15'); // a Monday
  });

  it('starts the overview at the earlier of 30 days ago and 1 January', () => {
    expect(overviewDays('2026-06-15')).toEqual({
      recentFrom: '2026-05-17',
      yearFrom: '2026-01-01',
      from: '2026-01-01',
    });
    expect(overviewDays('2026-01-10')).toEqual({
      recentFrom: '2025-12-12',
      yearFrom: '2026-01-01',
      from: '2025-12-12',
    });
  });
});

describe('salesFigures', () => {
  const days = [
    { start: '2025-12-20', orders: 1, revenueOre: 1_000 },
    { start: '2026-01-02', orders: 2, revenueOre: 2_500 },
    { start: '2026-01-10', orders: 1, revenueOre: 700 },
  ];

  it('sums the last 30 days across the new year, and this year alone', () => {
    const figures = salesFigures(days, '2026-01-10');
    expect(figures.last30Days).toEqual({ orders: 4, revenueOre: 4_200 });
    expect(figures.thisYear).toEqual({ orders: 3, revenueOre: 3_200 });
  });

  it('gives every one of the 30 days a bucket, oldest first', () => {
    const { daily } = salesFigures(days, '2026-01-10');
    expect(daily).toHaveLength(30);
    expect(daily[0]?.start).toBe('2025-12-12');
    expect(daily.find((d) => d.start === '2025-12-20')).toEqual(days[0]);
    expect(daily.at(-1)).toEqual(days[2]);
    expect(daily.reduce((sum, d) => sum + d.orders, 0)).toBe(4);
  });

  it('buckets this year by week, leaving last year’s days of the first week out', () => {
    const { weekly } = salesFigures(days, '2026-01-10');
    expect(weekly).toEqual([
      { start: '2025-12-29', orders: 2, revenueOre: 2_500 },
      { start: '2026-01-05', orders: 1, revenueOre: 700 },
    ]);
  });
});
