import { describe, expect, it } from 'vitest';
import { orderListState, orderNumberInSearch } from './admin-lists';

const facts = { isPaid: false, isDelivered: false, isCancelled: false, isShipped: false };

describe('orderListState', () => {
  it('names the first state that holds', () => {
    expect(orderListState(facts)).toBe('unpaid');
    expect(orderListState({ ...facts, isPaid: true })).toBe('paid');
    expect(orderListState({ ...facts, isPaid: true, isShipped: true })).toBe('shipped');
    expect(orderListState({ ...facts, isPaid: true, isShipped: true, isDelivered: true })).toBe('delivered');
    // A Swish order the seller marked delivered before paid is delivered, not unpaid.
    expect(orderListState({ ...facts, isDelivered: true })).toBe('delivered');
    expect(orderListState({ ...facts, isCancelled: true })).toBe('cancelled');
  });
});

describe('orderNumberInSearch', () => {
  it('reads the quoted, the hashed and the bare number', () => {
    expect(orderNumberInSearch('T-100001')).toEqual({ number: 100001, exact: true });
    expect(orderNumberInSearch(' t-100042 ')).toEqual({ number: 100042, exact: true });
    expect(orderNumberInSearch('#100001')).toEqual({ number: 100001, exact: false });
    expect(orderNumberInSearch('100001')).toEqual({ number: 100001, exact: false });
  });
  it('answers null for text that is no number', () => {
    expect(orderNumberInSearch('anna@example.se')).toBeNull();
    expect(orderNumberInSearch('T-')).toBeNull();
    expect(orderNumberInSearch('T-0')).toBeNull();
    expect(orderNumberInSearch('')).toBeNull();
  });
});
