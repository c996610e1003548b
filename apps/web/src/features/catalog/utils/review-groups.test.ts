import { describe, expect, it } from 'vitest';
import { reviewGroups } from './review-groups';

const review = (id: string, verified: boolean) => ({ _id: id, verified });

describe('the product page’s review groups', () => {
  it('puts the verified reviews first and the others apart, each newest first as sent', () => {
    const reviews = [review('a', false), review('b', true), review('c', false), review('d', true)];
    expect(reviewGroups(reviews)).toEqual({
      rated: [review('b', true), review('d', true)],
      others: [review('a', false), review('c', false)],
    });
  });

  it('keeps one list while no review is verified (they all rate the product), and none for no reviews', () => {
    const reviews = [review('a', false), review('b', false)];
    expect(reviewGroups(reviews)).toEqual({ rated: reviews, others: [] });
    expect(reviewGroups([])).toEqual({ rated: [], others: [] });
  });
});
