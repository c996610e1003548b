import { describe, expect, it } from 'vitest';
import { displayDate, displayDateTime } from './dates';
import { mayAddProduct, PLANS, planAllowsOwnDomain, planLabel, planRule } from './plans';
import { shopStatus } from './shop-status';

describe('plans', () => {
  it('labels each plan and anything else as Inget', () => {
    expect(planLabel('1')).toBe('Gratis, max 5 produkter.');
    expect(planLabel('2')).toBe('Egen domän');
    expect(planLabel('3')).toBe('Domän ingår');
    expect(planLabel('4')).toBe('Inget');
    expect(planLabel(undefined)).toBe('Inget');
  });
  it('limits products per plan and leaves plan 3 unselectable', () => {
    expect(PLANS['1'].maxProducts).toBe(5);
    expect(PLANS['2'].maxProducts).toBe(50);
    expect(PLANS['3'].selectable).toBe(false);
  });
  it('lets a seller add products up to the plan limit; an unknown plan counts as plan 1', () => {
    expect(mayAddProduct('1', 4)).toBe(true);
    expect(mayAddProduct('1', 5)).toBe(false);
    expect(mayAddProduct('2', 49) && !mayAddProduct('2', 50)).toBe(true);
    expect(mayAddProduct('3', 100_000)).toBe(true);
    expect(planRule('x')).toBe(PLANS['1']);
    expect(mayAddProduct(undefined, 5)).toBe(false);
  });
  it('includes an own domain from plan 2', () => {
    expect(['1', '2', '3', 'x'].map(planAllowsOwnDomain)).toEqual([false, true, true, false]);
  });
});

describe('shop status', () => {
  it('is Open for sellers, waiting for applicants, otherwise closed', () => {
    expect(shopStatus({ is_seller: true, wants_to_be_seller: true })).toBe('Open');
    expect(shopStatus({ is_seller: false, wants_to_be_seller: true })).toBe('Waiting for approval');
    expect(shopStatus({ is_seller: false, wants_to_be_seller: false })).toBe('Closed');
  });
});

describe('dates', () => {
  it("shows the spec's formats, on Stockholm's clock, and - when absent", () => {
    expect(displayDate('2026-11-22T10:11:12.000Z')).toBe('2026-11-22');
    expect(displayDateTime('2026-11-22T10:11:12.000Z')).toBe('2026-11-22 11:11:12');
    expect(displayDate(null)).toBe('-');
    expect(displayDateTime(undefined)).toBe('-');
  });
});
