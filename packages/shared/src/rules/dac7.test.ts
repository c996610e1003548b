import { describe, expect, it } from 'vitest';
import { dac7Years, isDac7Reportable } from './dac7';

describe('the DAC7 de minimis rule', () => {
  it('reports 30 sales or more, or 20 000 kr or more, and leaves out who is under both', () => {
    expect(isDac7Reportable(30, 0)).toBe(true);
    expect(isDac7Reportable(1, 2_000_000)).toBe(true);
    expect(isDac7Reportable(29, 1_999_999)).toBe(false);
    expect(isDac7Reportable(0, 0)).toBe(false);
  });
});

describe('the reporting years', () => {
  it('runs from the given year back to 2023', () => {
    expect(dac7Years(2026)).toEqual([2026, 2025, 2024, 2023]);
    expect(dac7Years(2023)).toEqual([2023]);
  });
});
